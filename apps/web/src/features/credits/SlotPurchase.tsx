import { publishMessages } from "@atrium/domain/messages/publish";
import { CREDITS_PER_UNIT } from "@atrium/domain/rules/wallet-ledger";
import { Alert, Button, Loader, Stack, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { buySlots, fetchWallet } from "../../api/wallet";
import strings from "../../i18n/en/on-demand/wallet.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import { BuyCreditBundle } from "./CreditBundlePicker";

addOnDemandCatalogue(strings);

const SLOT_PRICE = CREDITS_PER_UNIT.slotPurchase;

/**
 * A slot bought with credits where it is needed (the publish flow's placement step). Short of
 * credits: the spec's 'Insufficient credits to publish. Select a credit package to proceed.'
 * with the credit bundle picker filtered to bundles covering what is missing; buying one goes
 * through the card checkout and comes back to `returnPath`.
 */
export function SlotPurchase({
  returnPath,
  onBought,
}: {
  returnPath: string;
  onBought: (slotId: string) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const wallet = useQuery({
    queryKey: ["wallet", "balance"],
    queryFn: ({ signal }) => fetchWallet(signal),
  });
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [buying, setBuying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (wallet.isPending) return <Loader size="sm" />;
  if (wallet.isError) return <Alert color="red">{(wallet.error as Error).message}</Alert>;
  const balance = wallet.data.availableBalance;

  async function buy() {
    setBuying(true);
    setError(null);
    try {
      const bought = await buySlots(1, key);
      setKey(crypto.randomUUID());
      await Promise.all([
        client.invalidateQueries({ queryKey: ["wallet"] }),
        client.invalidateQueries({ queryKey: ["my-slots"] }),
      ]);
      const slotId = bought.slotIds[0];
      if (slotId) onBought(slotId);
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : String(cause));
      await client.invalidateQueries({ queryKey: ["wallet"] });
    } finally {
      setBuying(false);
    }
  }

  if (balance < SLOT_PRICE) {
    return (
      <Stack gap="sm" data-testid="publish-insufficient-credits">
        <Alert color="orange">
          <Text size="sm" fw={600}>
            {publishMessages.insufficientCredits}
          </Text>
          <Text size="sm" mt={4}>
            {t("wallet.missingForSlot", {
              balance: balance.toLocaleString("en"),
              missing: (SLOT_PRICE - balance).toLocaleString("en"),
            })}
          </Text>
        </Alert>
        <BuyCreditBundle returnPath={returnPath} missingCredits={SLOT_PRICE - balance} />
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm">{t("wallet.balanceIs", { credits: balance.toLocaleString("en") })}</Text>
      {error && (
        <Alert color="red" role="alert" data-testid="slot-outcome">
          {error}
        </Alert>
      )}
      <Button variant="light" onClick={buy} loading={buying}>
        {t("wallet.slotBuy")}
      </Button>
    </Stack>
  );
}
