import type { CreditBundle } from "@atrium/domain";
import { pickCreditBundles } from "@atrium/domain/rules/credit-bundles";
import { Alert, Button, Group, Loader, Radio, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import { createCheckoutSession, fetchProducts } from "../../api/wallet";
import strings from "../../i18n/en/on-demand/wallet.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import { CreditsIcon } from "./CreditsIcon";

addOnDemandCatalogue(strings);

export const formatMoney = (amount: number, currency: string, language = "en") =>
  new Intl.NumberFormat(language, { style: "currency", currency }).format(amount);

/**
 * The credit bundle picker (spec 1 §2, §5): one bundle at a time, sorted by unit, each with its
 * icon (credits-icon-1 to 4 by ascending unit). With `missingCredits` it shows only the bundles
 * that cover them, at most 3.
 */
export function CreditBundlePicker({
  bundles,
  value,
  onChange,
  missingCredits,
}: {
  bundles: readonly CreditBundle[];
  value: string | null;
  onChange: (priceId: string) => void;
  missingCredits?: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const shown = pickCreditBundles(
    bundles,
    missingCredits === undefined ? undefined : { missingCredits },
  );
  if (shown.length === 0) {
    return (
      <Text c="dimmed" data-testid="credit-bundles-none">
        {t("wallet.noBundleCovers")}
      </Text>
    );
  }
  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      aria-label={t("wallet.buyTitle")}
      data-testid="credit-bundle-picker"
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(4, shown.length) }}>
        {shown.map((bundle) => (
          <Radio.Card
            key={bundle.priceId}
            value={bundle.priceId}
            p="md"
            radius="md"
            withBorder
            data-testid="credit-bundle"
          >
            <Group wrap="nowrap" align="center">
              <Radio.Indicator />
              <CreditsIcon iconId={bundle.iconId} />
              <div>
                <Text fw={700}>{t("wallet.credits", { count: bundle.unit })}</Text>
                <Text c="dimmed">{formatMoney(bundle.price, bundle.currency, i18n.language)}</Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/**
 * The picker with its buy button: opens the card checkout for the chosen bundle, which returns
 * to `returnPath` (with ?checkout={sessionId}) once paid.
 */
export function BuyCreditBundle({
  returnPath,
  missingCredits,
}: {
  returnPath: string;
  missingCredits?: number | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const products = useQuery({
    queryKey: ["products"],
    queryFn: ({ signal }) => fetchProducts(signal),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function buy() {
    if (!chosen) return;
    setOpening(true);
    setError(null);
    try {
      const session = await createCheckoutSession(chosen, returnPath);
      // the sandbox's page is ours; a provider's page is elsewhere
      if (session.url.startsWith("/")) void navigate(session.url);
      else location.assign(session.url);
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : t("errors.checkoutFailed"));
      setOpening(false);
    }
  }

  return (
    <Stack gap="md">
      {products.isPending && <Loader size="sm" />}
      {products.isError && <Alert color="red">{(products.error as Error).message}</Alert>}
      {products.data && (
        <CreditBundlePicker
          bundles={products.data.creditBundles}
          value={chosen}
          onChange={setChosen}
          missingCredits={missingCredits}
        />
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        <Button onClick={buy} disabled={!chosen} loading={opening}>
          {t("wallet.buy")}
        </Button>
      </Group>
    </Stack>
  );
}
