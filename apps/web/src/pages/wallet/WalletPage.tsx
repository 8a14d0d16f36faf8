import type { InternalTransaction } from "@atrium/domain";
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { fetchMySlots } from "../../api/spaces";
import { buySlots, fetchWallet, fetchWalletHistory, reactivateSlot } from "../../api/wallet";
import { ROUTES } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";
import { RequireSignIn } from "../../features/auth/RequireSignIn";
import { CheckoutOutcome } from "../../features/credits/CheckoutOutcome";
import { BuyCreditBundle } from "../../features/credits/CreditBundlePicker";
import strings from "../../i18n/en/on-demand/wallet.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";

addOnDemandCatalogue(strings);

/** The wallet (spec 1 §3, issue 17): balance, buying a credit package, the history of movements. */
export function Component() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      {() => (
        <Container size={860} py={{ base: 24, sm: 48 }} w="100%">
          <PageMeta title={t("pages.wallet")} noindex />
          <Title order={1} mb="lg">
            {t("pages.wallet")}
          </Title>
          <WalletContent />
        </Container>
      )}
    </RequireSignIn>
  );
}

function WalletContent() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const wallet = useQuery({
    queryKey: ["wallet", "balance"],
    queryFn: ({ signal }) => fetchWallet(signal),
  });
  const checkoutId = params.get("checkout");
  return (
    <Stack gap="xl">
      {checkoutId && <CheckoutOutcome sessionId={checkoutId} />}
      <Card withBorder padding="lg">
        <Text c="dimmed" size="sm">
          {t("wallet.balance")}
        </Text>
        {wallet.data ? (
          <Text fz={32} fw={700} data-testid="wallet-balance">
            {t("wallet.credits", { count: wallet.data.availableBalance })}
          </Text>
        ) : wallet.isError ? (
          <Alert color="red">{(wallet.error as Error).message}</Alert>
        ) : (
          <Loader size="sm" />
        )}
      </Card>
      <BuySlot balance={wallet.data?.availableBalance ?? null} />
      <SuspendedSlots />
      <BuyCredits />
      <History />
    </Stack>
  );
}

/** One publishing slot for 600 credits; it never expires. */
function BuySlot({ balance }: { balance: number | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [buying, setBuying] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function buy() {
    setBuying(true);
    setOutcome(null);
    try {
      await buySlots(1, key);
      setOutcome({ ok: true, text: t("wallet.slotBought") });
      setKey(crypto.randomUUID());
      await Promise.all([
        client.invalidateQueries({ queryKey: ["wallet"] }),
        client.invalidateQueries({ queryKey: ["my-slots"] }),
      ]);
    } catch (cause) {
      setOutcome({ ok: false, text: cause instanceof Error ? cause.message : String(cause) });
    } finally {
      setBuying(false);
    }
  }

  return (
    <section aria-labelledby="buy-slot">
      <Title order={2} size="h3" id="buy-slot" mb={4}>
        {t("wallet.slotTitle")}
      </Title>
      <Text c="dimmed" mb="md">
        {t("wallet.slotHint")}
      </Text>
      {outcome && (
        <Alert
          color={outcome.ok ? "green" : "red"}
          mb="md"
          role={outcome.ok ? "status" : "alert"}
          data-testid="slot-outcome"
        >
          {outcome.text}
          {outcome.ok && (
            <>
              {" "}
              <Anchor component={Link} to={ROUTES.EDITOR}>
                {t("wallet.slotPublish")}
              </Anchor>
            </>
          )}
        </Alert>
      )}
      <Button variant="light" onClick={buy} loading={buying} disabled={balance === null}>
        {t("wallet.slotBuy")}
      </Button>
    </section>
  );
}

/** Bought slots the monthly keep-alive suspended, each with its reactivation. */
function SuspendedSlots() {
  const { t } = useTranslation();
  const slots = useQuery({ queryKey: ["my-slots"], queryFn: ({ signal }) => fetchMySlots(signal) });
  const suspended = (slots.data ?? []).filter((slot) => slot.kind === "purchased" && !slot.active);
  if (suspended.length === 0) return null;
  return (
    <section aria-labelledby="suspended-slots" data-testid="suspended-slots">
      <Title order={2} size="h3" id="suspended-slots" mb={4}>
        {t("wallet.suspendedTitle")}
      </Title>
      <Text c="dimmed" mb="md">
        {t("wallet.suspendedHint")}
      </Text>
      <Stack gap="sm">
        {suspended.map((slot, index) => (
          <SuspendedSlot key={slot.slotId} slotId={slot.slotId} n={index + 1} />
        ))}
      </Stack>
    </section>
  );
}

function SuspendedSlot({ slotId, n }: { slotId: string; n: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [key] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function reactivate() {
    setBusy(true);
    setError(null);
    try {
      await reactivateSlot(slotId, key);
      await Promise.all([
        client.invalidateQueries({ queryKey: ["wallet"] }),
        client.invalidateQueries({ queryKey: ["my-slots"] }),
      ]);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card withBorder padding="sm">
      <Text fw={600}>{t("wallet.suspendedSlot", { n })}</Text>
      {error && (
        <Alert color="red" my="xs" role="alert">
          {error}
        </Alert>
      )}
      <Button variant="light" mt="xs" onClick={reactivate} loading={busy}>
        {t("wallet.reactivate")}
      </Button>
    </Card>
  );
}

function BuyCredits() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="buy-credits">
      <Title order={2} size="h3" id="buy-credits" mb={4}>
        {t("wallet.buyTitle")}
      </Title>
      <Text c="dimmed" mb="md">
        {t("wallet.buyHint")}
      </Text>
      <BuyCreditBundle returnPath={ROUTES.WALLET} />
    </section>
  );
}

function History() {
  const { t, i18n } = useTranslation();
  const history = useQuery({
    // under ["wallet"]: one invalidation refreshes the balance and its history
    queryKey: ["wallet", "history"],
    queryFn: ({ signal }) => fetchWalletHistory({ cp: 0, ipp: 50 }, signal),
  });
  const items: InternalTransaction[] = history.data?.items ?? [];
  return (
    <section aria-labelledby="wallet-history">
      <Title order={2} size="h3" id="wallet-history" mb="md">
        {t("wallet.historyTitle")}
      </Title>
      {history.data && items.length === 0 && <Text c="dimmed">{t("wallet.historyEmpty")}</Text>}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table data-testid="wallet-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("wallet.date")}</Table.Th>
                <Table.Th>{t("wallet.what")}</Table.Th>
                <Table.Th ta="right">{t("wallet.amount")}</Table.Th>
                <Table.Th ta="right">{t("wallet.balanceAfter")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.internalTransactionId}>
                  <Table.Td>
                    {new Date(item.createdAt).toLocaleString(i18n.language, {
                      dateStyle: "medium",
                      timeStyle: "short",
                    })}
                  </Table.Td>
                  <Table.Td>
                    {t(`wallet.kinds.${item.kind}`)}
                    {item.description && item.description !== t(`wallet.kinds.${item.kind}`) && (
                      <Text span c="dimmed">
                        {" "}
                        · {item.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" c={item.amount > 0 ? "teal.8" : undefined}>
                    {item.amount > 0 ? "+" : "−"}
                    {Math.abs(item.amount).toLocaleString("en")}
                  </Table.Td>
                  <Table.Td ta="right">{item.balanceAfter.toLocaleString("en")}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
