import { DISTRICT_CART_SLOTS_MAX, DISTRICT_INCLUDED_SLOTS } from "@atrium/domain/constants";
import { DISTRICT_SLOT_ITEM_ID } from "@atrium/domain/entities/district-cart";
import { districtMessages } from "@atrium/domain/messages/district";
import { creditsMissing } from "@atrium/domain/rules/cart-total";
import {
  type DistrictWizardState,
  firstBlockedStepBefore,
  type StepProblems,
  stepProblems,
  submissionPlan,
  wizardCart,
  wizardSteps,
} from "@atrium/domain/rules/district-wizard";
import { districtCartCharge } from "@atrium/domain/rules/premade-price";
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Stepper,
  Text,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import {
  checkSubdomainAvailable,
  createDistrict,
  districtSiteUrl,
  fetchDistrictAdmin,
  fetchDistrictItems,
  settleDistrictCart,
} from "../../api/districts";
import { fetchMySlots, fetchPremadeFamilies } from "../../api/spaces";
import { openCheckoutPage } from "../../api/subscriptions";
import {
  createCheckoutSession,
  fetchCheckoutStatus,
  fetchPremadeHoldings,
  fetchProducts,
  fetchWallet,
} from "../../api/wallet";
import { editorPath, userPath } from "../../app/paths";
import { runtimeConfig } from "../../app/runtime-config";
import { PageMeta } from "../../app/shell/PageMeta";
import { RequireSignIn } from "../../features/auth/RequireSignIn";
import { fetchMe, type Me, meQueryKey } from "../../features/auth/use-me";
import { runSubmission, type SubmissionPhase } from "../../features/district-wizard/submission";
import {
  clearWizardSession,
  loadWizardSession,
  type Submission,
  saveWizardSession,
  type WizardSession,
} from "../../features/district-wizard/wizard-session";
import { acquireNotificationHub } from "../../features/live/notification-hub";
import strings from "../../i18n/en/on-demand/district-wizard.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import { GeneralStep, OverviewStep, PremadeStep, SlotsStep } from "./WizardSteps";

addOnDemandCatalogue(strings);

/** DISTRICT WIZARD (spec 1 §2, §4): create a district, or add slots and premade spaces to one. */
export function Component() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      {(me) => (
        <Container size={960} py={{ base: 20, sm: 40 }} w="100%">
          <PageMeta title={t("districtWizard.createTitle")} noindex />
          <Wizard me={me} />
        </Container>
      )}
    </RequireSignIn>
  );
}

const newSession = (districtId: string | null): WizardSession => ({
  districtId,
  state: {
    mode: districtId ? "edit" : "create",
    title: "",
    subdomain: "",
    public: "true",
    freeSpaceTemplateId: null,
    extraSlots: 0,
    templates: [],
  },
  step: 0,
  planPriceId: null,
  bundlePriceId: null,
  submission: null,
});

/** Waits for a checkout's push (Wallet, Subscription) or, between pushes, asks its status. */
function usePaymentWaiter() {
  const queryClient = useQueryClient();
  return async (sessionId: string, kind: "plan" | "bundle") => {
    const hub = acquireNotificationHub();
    let wake = () => {};
    const onPush = () => wake();
    hub.socket.on("Wallet", onPush);
    hub.socket.on("Subscription", onPush);
    try {
      // about ten minutes: a provider's event can be late, never lost (docs/payments.md)
      for (let round = 0; round < 300; round++) {
        const status = await fetchCheckoutStatus(sessionId);
        if (status.status === "declined" || status.status === "expired") return false;
        if (status.status === "complete") {
          await queryClient.invalidateQueries({ queryKey: ["wallet"] });
          if (kind === "bundle") return true;
          const me = await queryClient.fetchQuery({
            queryKey: meQueryKey,
            queryFn: fetchMe,
            staleTime: 0,
          });
          if (me?.plan === "pro") return true;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 2000);
        });
      }
      return false;
    } finally {
      hub.socket.off("Wallet", onPush);
      hub.socket.off("Subscription", onPush);
      hub.release();
    }
  };
}

function Wizard({ me }: { me: Me }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const districtId = params.get("districtId");
  const [session, setSession] = useState<WizardSession>(
    () => loadWizardSession(districtId) ?? newSession(districtId),
  );
  const [shown, setShown] = useState<StepProblems>({});
  const [checking, setChecking] = useState(false);
  const [phase, setPhase] = useState<SubmissionPhase | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [done, setDone] = useState<Submission | null>(null);
  const waitForPaid = usePaymentWaiter();
  const resumed = useRef(false);

  const { state } = session;
  const mode = state.mode;
  const steps = wizardSteps(mode);
  const active = Math.min(session.step, steps.length - 1);
  const isPro = me.plan === "pro";

  const items = useQuery({
    queryKey: ["district-items"],
    queryFn: ({ signal }) => fetchDistrictItems(signal),
  });
  const families = useQuery({
    queryKey: ["premade-families"],
    queryFn: ({ signal }) => fetchPremadeFamilies(signal),
  });
  const wallet = useQuery({
    queryKey: ["wallet", "balance"],
    queryFn: ({ signal }) => fetchWallet(signal),
  });
  const products = useQuery({
    queryKey: ["products"],
    queryFn: ({ signal }) => fetchProducts(signal),
  });
  const district = useQuery({
    queryKey: ["district-admin", districtId],
    queryFn: ({ signal }) => fetchDistrictAdmin(districtId as string, signal),
    enabled: districtId !== null,
  });
  const slots = useQuery({ queryKey: ["my-slots"], queryFn: ({ signal }) => fetchMySlots(signal) });
  const holdings = useQuery({
    queryKey: ["wallet", "premade-holdings"],
    queryFn: ({ signal }) => fetchPremadeHoldings(signal),
  });

  const slotPrice =
    items.data?.find((item) => item.districtItemId === DISTRICT_SLOT_ITEM_ID)?.priceCoin ?? 0;
  const cart = wizardCart(state, slotPrice);
  // the total the server will charge (one rule for both): Pro's first premade space is free,
  // one already owned costs nothing; a plan chosen here makes the account Pro before settling
  const charge = districtCartCharge(cart, {
    isPro: isPro || session.planPriceId !== null,
    freeUsed: holdings.data?.freeUsed ?? false,
    ownedTemplateIds: holdings.data?.ownedTemplateIds ?? [],
  });
  const total = charge.total;
  const balance = wallet.data?.availableBalance ?? 0;
  const missing = creditsMissing(total, balance);
  const proPlan = products.data?.subscriptionPlans.find((plan) => plan.subscriptionType === "pro");
  const districtSlots = (slots.data ?? []).filter((slot) => slot.districtId === districtId).length;

  const update = (patch: Partial<WizardSession>) =>
    setSession((current) => {
      const next = { ...current, ...patch };
      saveWizardSession(next);
      return next;
    });
  const setState = (patch: Partial<DistrictWizardState>) => {
    update({ state: { ...state, ...patch } });
    setShown((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof StepProblems];
      return next;
    });
  };

  // non-Pro users pick a Pro plan in the overview, yearly preselected (spec 1 §6)
  const yearly = proPlan?.year?.priceId ?? proPlan?.month?.priceId ?? null;
  useEffect(() => {
    if (!isPro && session.planPriceId === null && yearly) update({ planPriceId: yearly });
  });

  async function go(submission: Submission, returnedFrom: string | null) {
    setSubmitError(null);
    try {
      const outcome = await runSubmission(submission, state, cart, returnedFrom, {
        openCheckout: (priceId) => {
          const back = districtId
            ? `/district-wizard?districtId=${encodeURIComponent(districtId)}`
            : "/district-wizard";
          return createCheckoutSession(priceId, back);
        },
        waitForPaid,
        createDistrict: (current) =>
          createDistrict({
            title: current.title,
            subdomain: current.subdomain,
            public: current.public !== "false",
            freeSpaceTemplateId: current.freeSpaceTemplateId ?? "",
          }),
        settle: async (id, idempotencyKey, lines) => {
          await settleDistrictCart(id, { idempotencyKey, ...lines });
        },
        leave: (url) => openCheckoutPage(url, (path) => void navigate(path)),
        save: (next) => update({ submission: next }),
        onPhase: setPhase,
      });
      if (outcome.kind === "declined") {
        update({ submission: null });
        setSubmitError(t("districtWizard.declined"));
      } else if (outcome.kind === "done") {
        clearWizardSession();
        setDone(outcome.submission);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ["my-slots"] }),
          queryClient.invalidateQueries({ queryKey: ["wallet"] }),
          queryClient.invalidateQueries({ queryKey: ["account-districts"] }),
        ]);
      }
    } catch (cause) {
      if (cause instanceof ApiError && cause.body.fields?.length) {
        // the server's own check (a title taken meanwhile): back to the step that has the field
        const fields: StepProblems = {};
        for (const field of cause.body.fields) {
          const name = field.path.replace(/^body\./, "") as keyof StepProblems;
          fields[name] ??= field.message;
        }
        setShown(fields);
        if (fields.title || fields.subdomain) update({ step: 0 });
        else if (fields.freeSpaceTemplateId) update({ step: steps.indexOf("premadeSpaces") });
      }
      setSubmitError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setPhase(null);
    }
  }

  // back from a card checkout (?checkout=): the submission goes on where it stopped
  useEffect(() => {
    const returnedFrom = params.get("checkout");
    if (resumed.current || !returnedFrom || !session.submission || !items.data) return;
    resumed.current = true;
    const next = new URLSearchParams(params);
    next.delete("checkout");
    setParams(next, { replace: true });
    void go(session.submission, returnedFrom);
  });

  function submit() {
    const plan = submissionPlan({
      isPro,
      planPriceId: session.planPriceId,
      bundlePriceId: session.bundlePriceId,
      total,
      balance,
      cartLines: cart.slots.length + cart.spaceTemplates.length,
    });
    if (plan.blocked !== null) {
      setSubmitError(plan.blocked);
      return;
    }
    const signature = JSON.stringify(cart);
    const earlier = session.submission;
    const submission: Submission = {
      // the same cart keeps its key: a retry after a failure is charged once
      idempotencyKey:
        earlier && !earlier.settled && earlier.cartSignature === signature
          ? earlier.idempotencyKey
          : crypto.randomUUID(),
      cartSignature: signature,
      checkouts: plan.checkouts.map((checkout) => ({ ...checkout, sessionId: null, paid: false })),
      settle: plan.settle,
      districtId: districtId ?? earlier?.districtId ?? null,
      subdomain: earlier?.subdomain ?? null,
      freeSceneId: earlier?.freeSceneId ?? null,
      settled: false,
    };
    update({ submission });
    void go(submission, null);
  }

  async function next() {
    const step = steps[active];
    if (!step) return;
    const problems = stepProblems(step, state);
    setShown(problems);
    if (Object.keys(problems).length > 0) return;
    if (step === "general") {
      setChecking(true);
      try {
        await checkSubdomainAvailable(state.subdomain);
      } catch (cause) {
        if (cause instanceof ApiError && cause.status >= 400 && cause.status < 500) {
          setShown({ subdomain: districtMessages.titleTaken });
          return;
        }
        setShown({ subdomain: cause instanceof Error ? cause.message : String(cause) });
        return;
      } finally {
        setChecking(false);
      }
    }
    update({ step: active + 1 });
  }

  function goTo(index: number) {
    if (index >= active) return;
    update({ step: index });
  }

  if (done) {
    return (
      <Done
        submission={done}
        title={state.title || district.data?.title || ""}
        districtId={districtId}
        me={me}
      />
    );
  }
  const loading =
    items.isPending ||
    families.isPending ||
    wallet.isPending ||
    (districtId !== null && district.isPending);
  const loadError = items.error ?? families.error ?? wallet.error ?? district.error;
  const busy = phase !== null;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>
          {mode === "create"
            ? t("districtWizard.createTitle")
            : t("districtWizard.editTitle", { title: district.data?.title ?? "" })}
        </Title>
        {mode === "create" && (
          <Text c="dimmed" mt={4}>
            {t("districtWizard.intro")}
          </Text>
        )}
      </div>
      <Stepper
        active={active}
        onStepClick={goTo}
        allowNextStepsSelect={false}
        size="sm"
        wrap
        data-testid="district-wizard-steps"
      >
        {steps.map((step) => (
          <Stepper.Step key={step} label={districtMessages.wizardSteps[step]} />
        ))}
      </Stepper>
      {loadError ? (
        <Alert color="red">{(loadError as Error).message}</Alert>
      ) : loading ? (
        <Loader />
      ) : (
        <Paper withBorder radius="xl" p={{ base: "md", sm: "xl" }}>
          {steps[active] === "general" && (
            <GeneralStep state={state} problems={shown} onChange={setState} />
          )}
          {steps[active] === "spaceSlots" && (
            <SlotsStep
              state={state}
              slotPrice={slotPrice}
              have={mode === "create" ? DISTRICT_INCLUDED_SLOTS : districtSlots}
              max={DISTRICT_CART_SLOTS_MAX}
              onChange={setState}
            />
          )}
          {steps[active] === "premadeSpaces" && (
            <PremadeStep
              state={state}
              families={families.data ?? []}
              problems={shown}
              onChange={setState}
            />
          )}
          {steps[active] === "overview" && (
            <OverviewStep
              state={state}
              cart={cart}
              slotPrice={slotPrice}
              charge={charge}
              balance={balance}
              missing={missing}
              isPro={isPro}
              proPlan={proPlan ?? null}
              bundles={products.data?.creditBundles ?? []}
              planPriceId={session.planPriceId}
              bundlePriceId={session.bundlePriceId}
              onPlan={(planPriceId) => update({ planPriceId })}
              onBundle={(bundlePriceId) => update({ bundlePriceId })}
            />
          )}
        </Paper>
      )}
      {submitError && (
        <Alert color="red" role="alert" data-testid="district-wizard-error">
          {submitError}
        </Alert>
      )}
      {phase && (
        <Alert color="blue" data-testid="district-wizard-phase">
          <Group gap="sm">
            <Loader size="xs" />
            {t(`districtWizard.${phase}`)}
          </Group>
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          onClick={() => update({ step: active - 1 })}
          disabled={active === 0 || busy}
        >
          {t("districtWizard.back")}
        </Button>
        {active < steps.length - 1 ? (
          <Button onClick={() => void next()} loading={checking} disabled={loading}>
            {t("districtWizard.next")}
          </Button>
        ) : (
          <Button
            onClick={submit}
            loading={busy}
            disabled={
              loading ||
              firstBlockedStepBefore(state, active) !== null ||
              // adding to a district: nothing to do with an empty cart
              (mode === "edit" && cart.slots.length + cart.spaceTemplates.length === 0)
            }
            data-testid="district-wizard-submit"
          >
            {mode === "create" ? t("districtWizard.submit") : t("districtWizard.submitEdit")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function Done({
  submission,
  title,
  districtId,
  me,
}: {
  submission: Submission;
  title: string;
  districtId: string | null;
  me: Me;
}) {
  const { t } = useTranslation();
  const slots = useQuery({ queryKey: ["my-slots"], queryFn: ({ signal }) => fetchMySlots(signal) });
  const id = submission.districtId ?? districtId;
  const count = (slots.data ?? []).filter((slot) => slot.districtId === id).length;
  return (
    <Paper withBorder radius="xl" p={{ base: "md", sm: "xl" }} data-testid="district-wizard-done">
      <Stack gap="sm">
        <Title order={1} size="h2">
          {districtId ? t("districtWizard.edited") : t("districtWizard.doneTitle", { title })}
        </Title>
        {slots.data && (
          <Text data-testid="district-wizard-slots">
            {t("districtWizard.doneSlots", { count })}
          </Text>
        )}
        <Group>
          {submission.subdomain && (
            <Button
              component="a"
              href={districtSiteUrl(submission.subdomain, runtimeConfig.baseDomain)}
            >
              {t("districtWizard.visit")}
            </Button>
          )}
          {submission.freeSceneId && (
            <Button variant="light" component={Link} to={editorPath(submission.freeSceneId)}>
              {t("districtWizard.doneDraft")}
            </Button>
          )}
          <Anchor component={Link} to={userPath(me.userId, "districts", "my-districts")}>
            {t("districtWizard.myDistricts")}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
