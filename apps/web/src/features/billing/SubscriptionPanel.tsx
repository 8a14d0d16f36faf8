import type { SubscriptionOverview, SubscriptionUpdatePreview } from "@atrium/domain";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import {
  cancelSubscription,
  fetchLastCard,
  fetchSubscription,
  openCheckoutPage,
  previewSubscriptionUpdate,
  resumeSubscription,
  subscriptionQueryKey,
  updatePaymentMethod,
  updateSubscription,
} from "../../api/subscriptions";
import { fetchCheckoutStatus, fetchProducts } from "../../api/wallet";
import { ROUTES } from "../../app/paths";
import strings from "../../i18n/en/on-demand/subscription.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import { type Me, meQueryKey } from "../auth/use-me";

addOnDemandCatalogue(strings);

const errorText = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/**
 * The account's subscription panel (issue 17 item 4): status, renewal date, cancel and resume,
 * a plan change with a preview of the amount, the card and its update. Loaded with its tab.
 */
export default function SubscriptionPanel({ checkoutId }: { checkoutId: string | null }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const overview = useQuery({
    queryKey: subscriptionQueryKey,
    queryFn: ({ signal }) => fetchSubscription(signal),
  });
  const card = useQuery({
    queryKey: [...subscriptionQueryKey, "card"],
    queryFn: ({ signal }) => fetchLastCard(signal),
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const navigate = useNavigate();
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(iso)) : "";
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat(i18n.language, { style: "currency", currency }).format(amount / 100);

  /** A new overview from the server: the panel and the header's plan label follow it. */
  function show(next: SubscriptionOverview) {
    queryClient.setQueryData(subscriptionQueryKey, next);
    queryClient.setQueryData<Me | null>(meQueryKey, (me) =>
      me ? { ...me, plan: next.plan, role: next.role, planLabel: next.planLabel } : me,
    );
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (cause) {
      setError(errorText(cause));
    } finally {
      setBusy(false);
    }
  }

  if (overview.isPending) return <Loader size="sm" />;
  if (overview.isError) return <Alert color="red">{errorText(overview.error)}</Alert>;
  const { subscription, planLabel } = overview.data;

  return (
    <Stack gap="lg" data-testid="subscription-panel">
      {checkoutId && <CheckoutOutcome sessionId={checkoutId} />}
      <Group gap="sm">
        <Text fw={600}>{t("subscription.yourPlan")}</Text>
        <Badge variant="light" data-testid="subscription-plan-label">
          {planLabel}
        </Badge>
      </Group>
      {error && (
        <Alert color="red" role="alert" data-testid="subscription-error">
          {error}
        </Alert>
      )}
      {!subscription ? (
        <Text>
          {t("subscription.none")}{" "}
          <Anchor component={Link} to={ROUTES.PRICING}>
            {t("subscription.seePlans")}
          </Anchor>
        </Text>
      ) : (
        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t("subscription.plan", {
                plan: t(`subscription.names.${subscription.plan}`),
                interval: t(`subscription.intervals.${subscription.interval}`),
              })}
            </Title>
            <Text>
              {t("subscription.price", {
                amount: money(subscription.amount, subscription.currency),
              })}
            </Text>
            <Group gap="xs">
              <Text c="dimmed">{t("subscription.statusLabel")}</Text>
              <Badge
                color={subscription.status === "active" ? "green" : "gray"}
                data-testid="subscription-status"
              >
                {t(`subscription.statuses.${subscription.status}`)}
              </Badge>
            </Group>
            <Text data-testid="subscription-renewal">
              {subscription.status !== "active"
                ? t("subscription.ended", { date: date(subscription.endsAt) })
                : subscription.autoRenewal
                  ? t("subscription.renews", { date: date(subscription.endsAt) })
                  : t("subscription.ends", {
                      date: date(subscription.canceledAt ?? subscription.endsAt),
                    })}
            </Text>
            {subscription.status === "active" && (
              <Group mt="xs">
                {subscription.autoRenewal ? (
                  confirmCancel ? (
                    <Group gap="xs" role="group" aria-label={t("subscription.cancel")}>
                      <Text size="sm">
                        {t("subscription.cancelConfirm", { date: date(subscription.endsAt) })}
                      </Text>
                      <Button
                        color="red"
                        size="xs"
                        loading={busy}
                        onClick={() =>
                          void run(async () => {
                            show(await cancelSubscription(subscription.subscriptionId));
                            setConfirmCancel(false);
                          })
                        }
                      >
                        {t("subscription.yes")}
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setConfirmCancel(false)}>
                        {t("subscription.no")}
                      </Button>
                    </Group>
                  ) : (
                    <Button variant="default" onClick={() => setConfirmCancel(true)}>
                      {t("subscription.cancel")}
                    </Button>
                  )
                ) : (
                  <Button
                    loading={busy}
                    onClick={() =>
                      void run(async () =>
                        show(await resumeSubscription(subscription.subscriptionId)),
                      )
                    }
                  >
                    {t("subscription.resume")}
                  </Button>
                )}
              </Group>
            )}
            {subscription.status !== "active" && (
              <Anchor component={Link} to={ROUTES.PRICING}>
                {t("subscription.newSubscription")}
              </Anchor>
            )}
          </Stack>
        </Card>
      )}
      {subscription?.status === "active" && (
        <ChangePlan
          subscriptionId={subscription.subscriptionId}
          currentPriceId={subscription.priceId ?? ""}
          onChanged={show}
          money={money}
          date={date}
        />
      )}
      <section aria-labelledby="payment-card">
        <Title order={2} size="h4" id="payment-card" mb="xs">
          {t("subscription.cardTitle")}
        </Title>
        <Text mb="sm" data-testid="subscription-card">
          {card.data?.card
            ? t("subscription.card", {
                brand: card.data.card.brand.toUpperCase(),
                last4: card.data.card.last4,
                month: String(card.data.card.expMonth).padStart(2, "0"),
                year: card.data.card.expYear,
              })
            : t("subscription.noCard")}
        </Text>
        {subscription?.status === "active" && (
          <Button
            variant="light"
            loading={busy}
            onClick={() =>
              void run(async () => {
                const session = await updatePaymentMethod(subscription.subscriptionId);
                openCheckoutPage(session.url, (path) => void navigate(path));
              })
            }
          >
            {t("subscription.updateCard")}
          </Button>
        )}
      </section>
    </Stack>
  );
}

/** Another plan price, previewed (the amount charged now) before it is applied. */
function ChangePlan({
  subscriptionId,
  currentPriceId,
  onChanged,
  money,
  date,
}: {
  subscriptionId: string;
  currentPriceId: string;
  onChanged: (overview: SubscriptionOverview) => void;
  money: (amount: number, currency: string) => string;
  date: (iso: string | null) => string;
}) {
  const { t } = useTranslation();
  const products = useQuery({
    queryKey: ["products"],
    queryFn: ({ signal }) => fetchProducts(signal),
  });
  const [priceId, setPriceId] = useState<string | null>(null);
  const [preview, setPreview] = useState<SubscriptionUpdatePreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    setPreview(null);
    if (!priceId) return;
    let live = true;
    previewSubscriptionUpdate(subscriptionId, priceId).then(
      (answer) => live && setPreview(answer),
      (cause: unknown) => live && setMessage({ ok: false, text: errorText(cause) }),
    );
    return () => {
      live = false;
    };
  }, [priceId, subscriptionId]);

  const options = (products.data?.subscriptionProducts ?? [])
    .filter((product) => product.id !== currentPriceId && product.subscriptionIdentifier)
    .map((product) => ({
      value: product.id,
      label: t("subscription.changeOption", {
        plan: t(`subscription.names.${product.subscriptionIdentifier}`),
        interval: t(`subscription.intervals.${product.interval ?? "monthly"}`),
        amount: money(product.priceAmount, product.currency),
      }),
    }));

  return (
    <section aria-labelledby="change-plan">
      <Title order={2} size="h4" id="change-plan" mb="xs">
        {t("subscription.changeTitle")}
      </Title>
      <Stack gap="sm" maw={480}>
        <Select
          label={t("subscription.changeLabel")}
          data={options}
          value={priceId}
          onChange={(value) => {
            setMessage(null);
            setPriceId(value);
          }}
          allowDeselect
        />
        {preview && (
          <Text data-testid="subscription-preview">
            {preview.amountDue > 0
              ? t("subscription.previewCharge", {
                  amount: money(preview.amountDue, preview.currency),
                  date: date(preview.nextRenewal),
                })
              : preview.amountDue < 0
                ? t("subscription.previewCredit", {
                    amount: money(-preview.amountDue, preview.currency),
                    date: date(preview.nextRenewal),
                  })
                : t("subscription.previewNothing", { date: date(preview.nextRenewal) })}
          </Text>
        )}
        {message && (
          <Alert color={message.ok ? "green" : "red"} role={message.ok ? "status" : "alert"}>
            {message.text}
          </Alert>
        )}
        {preview && (
          <Group>
            <Button
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  onChanged(
                    await updateSubscription(
                      subscriptionId,
                      preview.priceId,
                      preview.prorationDate,
                    ),
                  );
                  setMessage({ ok: true, text: t("subscription.changed") });
                  setPriceId(null);
                } catch (cause) {
                  setMessage({ ok: false, text: errorText(cause) });
                } finally {
                  setBusy(false);
                }
              }}
            >
              {t("subscription.confirmChange")}
            </Button>
          </Group>
        )}
      </Stack>
    </section>
  );
}

/** Back from a checkout: what became of it (the webhook may still be on its way). */
function CheckoutOutcome({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ["checkout", sessionId],
    queryFn: ({ signal }) => fetchCheckoutStatus(sessionId, signal),
    refetchInterval: (query) => (query.state.data?.status === "open" ? 1500 : false),
    retry: false,
  });
  const complete = status.data?.status === "complete";
  useEffect(() => {
    if (complete) {
      void queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    }
  }, [complete, queryClient]);
  if (!status.data) return null;
  if (complete) {
    return (
      <Alert color="green" role="status" data-testid="subscription-checkout-outcome">
        {status.data.mode === "setup" ? t("subscription.cardSaved") : t("subscription.paid")}
      </Alert>
    );
  }
  if (status.data.status === "open") return <Alert color="gray">{t("subscription.pending")}</Alert>;
  return null;
}
