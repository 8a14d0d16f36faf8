import { Alert } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fetchCheckoutStatus } from "../../api/wallet";
import strings from "../../i18n/en/on-demand/wallet.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import { trackPurchase } from "./analytics";

addOnDemandCatalogue(strings);

/**
 * What became of the card checkout the buyer returns from (?checkout={sessionId}): paid (the
 * wallet refreshes and the purchase goes to the data layer once) or still waiting.
 */
export function CheckoutOutcome({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const status = useQuery({
    queryKey: ["checkout", sessionId],
    queryFn: async ({ signal }) => {
      const answer = await fetchCheckoutStatus(sessionId, signal);
      if (answer.status === "complete") {
        trackPurchase(answer);
        await client.invalidateQueries({ queryKey: ["wallet"] });
      }
      return answer;
    },
    refetchInterval: (query) => (query.state.data?.status === "open" ? 2000 : false),
    retry: false,
  });
  if (!status.data) return null;
  if (status.data.status === "complete") {
    return (
      <Alert color="green" data-testid="wallet-paid">
        {t("wallet.paid", { credits: status.data.credits.toLocaleString("en") })}
      </Alert>
    );
  }
  if (status.data.status === "open") return <Alert color="gray">{t("wallet.pending")}</Alert>;
  return null;
}
