import { SANDBOX_TEST_CARDS } from "@atrium/domain/entities/checkout";
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  List,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError } from "../../api/client";
import { fetchCheckoutStatus, paySandboxCheckout } from "../../api/wallet";
import { ROUTES } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";
import { RequireSignIn } from "../../features/auth/RequireSignIn";
import strings from "../../i18n/en/on-demand/wallet.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";

addOnDemandCatalogue(strings);

const groups = (card: string) => card.replace(/(\d{4})(?=\d)/g, "$1 ");

/**
 * The built-in sandbox's checkout page (issue 17): test cards only. Paying sends the same signed
 * webhook event a card provider would; the wallet is credited by that event's handler.
 */
export function Component() {
  const { t } = useTranslation();
  const { sessionId = "" } = useParams();
  return (
    <RequireSignIn>
      {() => (
        <Container size={520} py={{ base: 24, sm: 48 }} w="100%">
          <PageMeta title={t("checkout.title")} noindex />
          <Title order={1} mb="lg">
            {t("checkout.title")}
          </Title>
          <Checkout sessionId={sessionId} />
        </Container>
      )}
    </RequireSignIn>
  );
}

function Checkout({ sessionId }: { sessionId: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useQuery({
    queryKey: ["checkout", sessionId],
    queryFn: ({ signal }) => fetchCheckoutStatus(sessionId, signal),
    retry: false,
  });
  const [card, setCard] = useState("");
  const [needsConfirmation, setNeedsConfirmation] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);

  if (session.isPending) return <Loader size="sm" />;
  if (session.isError) return <Alert color="red">{(session.error as Error).message}</Alert>;
  const data = session.data;
  const amount = new Intl.NumberFormat(i18n.language, {
    style: "currency",
    currency: data.currency,
  }).format(data.amount / 100);

  async function pay(confirmed: boolean) {
    setPaying(true);
    setError(null);
    setCardError(null);
    try {
      const answer = await paySandboxCheckout(sessionId, card, confirmed);
      if (answer.status === "requiresConfirmation") {
        setNeedsConfirmation(true);
        setPaying(false);
        return;
      }
      const back = new URL(answer.returnPath, location.origin);
      back.searchParams.set("checkout", sessionId);
      void navigate(`${back.pathname}${back.search}`);
    } catch (cause) {
      setPaying(false);
      setNeedsConfirmation(false);
      if (cause instanceof ApiError && cause.fieldMessage("body.cardNumber")) {
        setCardError(cause.fieldMessage("body.cardNumber") ?? null);
      } else {
        setError(cause instanceof Error ? cause.message : String(cause));
      }
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void pay(false);
  }

  if (data.status !== "open") {
    return (
      <Stack>
        <Alert color="gray">{t("checkout.finished")}</Alert>
        <Anchor component={Link} to={data.mode === "payment" ? ROUTES.WALLET : data.returnPath}>
          {data.mode === "payment" ? t("checkout.back") : t("checkout.backToAccount")}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Group justify="space-between">
          <Text fw={700} data-testid="checkout-product">
            {data.productName}
          </Text>
          <Text fw={700}>{data.mode === "setup" ? t("checkout.nothingNow") : amount}</Text>
        </Group>
      </Card>
      <Alert color="yellow" title={t("checkout.testCards")}>
        <Text size="sm" mb="xs">
          {t("checkout.sandboxNote")}
        </Text>
        <List size="sm">
          <List.Item>
            <code>{groups(SANDBOX_TEST_CARDS.success)}</code> {t("checkout.cardSuccess")}
          </List.Item>
          <List.Item>
            <code>{groups(SANDBOX_TEST_CARDS.declined)}</code> {t("checkout.cardDeclined")}
          </List.Item>
          <List.Item>
            <code>{groups(SANDBOX_TEST_CARDS.needsConfirmation)}</code> {t("checkout.cardConfirm")}
          </List.Item>
        </List>
      </Alert>
      {needsConfirmation ? (
        <Card withBorder padding="lg" role="group" aria-labelledby="confirm-title">
          <Title order={2} size="h4" id="confirm-title" mb="xs">
            {t("checkout.confirmTitle")}
          </Title>
          <Text mb="md">{t("checkout.confirmText", { amount })}</Text>
          <Group>
            <Button onClick={() => void pay(true)} loading={paying}>
              {t("checkout.confirm")}
            </Button>
            <Button variant="default" onClick={() => setNeedsConfirmation(false)}>
              {t("checkout.cancel")}
            </Button>
          </Group>
        </Card>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t("checkout.cardNumber")}
              value={card}
              onChange={(event) => setCard(event.currentTarget.value)}
              inputMode="numeric"
              autoComplete="cc-number"
              error={cardError}
              required
            />
            {error && (
              <Alert color="red" role="alert" data-testid="checkout-error">
                {error}
              </Alert>
            )}
            <Button type="submit" loading={paying} disabled={card.trim() === ""}>
              {data.mode === "setup"
                ? t("checkout.saveCard")
                : data.mode === "subscription"
                  ? t("checkout.subscribe", { amount })
                  : t("checkout.pay", { amount })}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
