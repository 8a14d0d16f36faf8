import {
  CREDIT_PACKAGES,
  CREDIT_PRICES,
  DEFAULT_PLAN_INTERVAL,
  monthlyEquivalent,
  PLAN_OFFERS,
  type PlanInterval,
  type PlanOffer,
  packageSavingPercent,
  planFeatureLines,
} from "@atrium/domain/plans";
import type { AccountPlan } from "@atrium/domain/rules/plan-role";
import { Alert, Anchor, Button } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { faqsQuery } from "../../api/cms";
import {
  openCheckoutPage,
  SUBSCRIPTION_RETURN_PATH,
  startPlanCheckout,
} from "../../api/subscriptions";
import { fetchProducts } from "../../api/wallet";
import { ROUTES } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";
import { loginPath } from "../../features/auth/return-to";
import { useMe } from "../../features/auth/use-me";
import { ContentHtml } from "../../features/content/ContentHtml";
import { CallToAction } from "../../features/marketing/MarketingPage";
import classes from "./pricing.module.css";
import "./catalogue";

const euros = (amount: number) =>
  new Intl.NumberFormat("en-IE", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);

/** PRICING: the plans and credit packages of packages/domain/src/plans.ts, monthly or yearly. */
export function Component() {
  const { t } = useTranslation();
  const [interval, setInterval] = useState<PlanInterval>(DEFAULT_PLAN_INTERVAL);
  return (
    <>
      <PageMeta title={t("meta.pricing.title")} description={t("meta.pricing.description")} />
      <header className={classes.header}>
        <p className={classes.eyebrow}>{t("pricingPage.eyebrow")}</p>
        <h1>{t("pricingPage.title")}</h1>
        <p>{t("pricingPage.intro")}</p>
        <fieldset className={classes.interval}>
          <legend className={classes.srOnly}>{t("pricingPage.intervalLabel")}</legend>
          {(["month", "year"] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={interval === option}
              onClick={() => setInterval(option)}
            >
              {option === "month" ? t("pricingPage.monthly") : t("pricingPage.yearly")}
              {option === "year" && (
                <span className={classes.saving}>{t("pricingPage.yearlySaving")}</span>
              )}
            </button>
          ))}
        </fieldset>
      </header>

      <ul className={classes.plans}>
        {PLAN_OFFERS.map((offer) => (
          <PlanCard key={offer.plan} offer={offer} interval={interval} />
        ))}
      </ul>
      <p className={classes.note}>{t("pricingPage.buyingNote")}</p>

      <section className={classes.section}>
        <h2>{t("pricingPage.creditsTitle")}</h2>
        <p className={classes.sectionIntro}>{t("pricingPage.creditsIntro")}</p>
        <ul className={classes.packages}>
          {CREDIT_PACKAGES.map((bundle) => {
            const saving = packageSavingPercent(bundle);
            return (
              <li key={bundle.priceId}>
                <img
                  src={`/illustrations/credits/${bundle.iconId}.svg`}
                  alt=""
                  width={56}
                  height={56}
                />
                <strong>{t("pricingPage.credits", { count: bundle.unit })}</strong>
                <span className={classes.packagePrice}>{euros(bundle.price)}</span>
                <span className={classes.packageSaving}>
                  {saving > 0
                    ? t("pricingPage.saving", { percent: saving })
                    : t("pricingPage.baseRate")}
                </span>
              </li>
            );
          })}
        </ul>
        <div className={classes.spend}>
          <h3>{t("pricingPage.spendTitle")}</h3>
          <ul>
            <li>{t("pricingPage.spendSlot", { credits: CREDIT_PRICES.slot })}</li>
            <li>{t("pricingPage.spendLevel", { credits: CREDIT_PRICES.extraLevel })}</li>
            <li>{t("pricingPage.spendPremade")}</li>
          </ul>
          <Button component={Link} to={ROUTES.WALLET} variant="light">
            {t("pricingPage.buy")}
          </Button>
        </div>
      </section>

      <ComparisonTable />
      <PricingFaq />
      <CallToAction
        title={t("pricingPage.ctaTitle")}
        text={t("pricingPage.ctaText")}
        showPricing={false}
      />
    </>
  );
}

function PlanCard({ offer, interval }: { offer: PlanOffer; interval: PlanInterval }) {
  const { t } = useTranslation();
  const name = t(`pricingPage.names.${offer.plan}`);
  const free = offer.price.month === 0;
  return (
    <li className={classes.plan} data-highlight={offer.plan === "pro" || undefined}>
      {offer.plan === "pro" && (
        <span className={classes.badge}>{t("pricingPage.recommended")}</span>
      )}
      <h2>{name}</h2>
      <p className={classes.tagline}>{t(`pricingPage.taglines.${offer.plan}`)}</p>
      <p className={classes.price}>
        <strong>{euros(monthlyEquivalent(offer, interval))}</strong>
        {!free && <span>{t("pricingPage.perMonth")}</span>}
      </p>
      <p className={classes.billing}>
        {free
          ? t("pricingPage.free")
          : interval === "year"
            ? t("pricingPage.billedYearly", { amount: euros(offer.price.year) })
            : t("pricingPage.billedMonthly")}
      </p>
      {free || !offer.priceId ? (
        <Button component={Link} to={ROUTES.EDITOR} variant="default" fullWidth size="md">
          {t("pricingPage.startFree")}
        </Button>
      ) : (
        <SubscribeButton
          priceId={offer.priceId[interval]}
          plan={offer.plan}
          interval={interval}
          label={t("pricingPage.choose", { plan: name })}
          filled={offer.plan === "pro"}
        />
      )}
      <ul className={classes.features}>
        {planFeatureLines(offer.plan).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </li>
  );
}

/**
 * A paid plan's button: starts a subscription checkout (the sandbox's page or the provider's);
 * a signed-out visitor signs in first and comes back here, where the checkout then starts.
 * A failure shows the provider's own message (spec 2 §8 'Failed to open Paddle checkout').
 */
function SubscribeButton({
  priceId,
  plan,
  interval,
  label,
  filled,
}: {
  /** The catalogue's price id: the key of the checkout to resume after signing in. */
  priceId: string;
  plan: AccountPlan;
  interval: PlanInterval;
  label: string;
  filled: boolean;
}) {
  const { t } = useTranslation();
  const { data: me, isPending } = useMe();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  /** Where signing in comes back to: this page, which then starts the checkout by itself. */
  const afterSignIn = `${ROUTES.PRICING}?subscribe=${encodeURIComponent(priceId)}`;

  async function subscribe() {
    if (!me) {
      void navigate(loginPath(afterSignIn));
      return;
    }
    setOpening(true);
    setError(null);
    try {
      // the payment provider's own price for this plan and interval (Stripe's price ids differ
      // from the catalogue's, which the sandbox sells under the same ids)
      const products = await fetchProducts();
      const price = products.subscriptionPlans.find((offer) => offer.subscriptionType === plan)?.[
        interval
      ];
      if (!price) throw new Error(t("pricingPage.checkoutFailed"));
      const session = await startPlanCheckout(price.priceId);
      openCheckoutPage(session.url, (path) => void navigate(path));
    } catch (cause) {
      setOpening(false);
      setError(
        cause instanceof Error && cause.message ? cause.message : t("pricingPage.checkoutFailed"),
      );
    }
  }

  // back from signing in: the checkout the visitor asked for starts by itself
  useEffect(() => {
    if (isPending || !me || started.current || params.get("subscribe") !== priceId) return;
    started.current = true;
    setParams({}, { replace: true });
    void subscribe();
  });

  // a form that signs in first, so a click before the app's code runs (the page is prerendered)
  // is not lost: the sign-in page sends a signed-in visitor straight back, and the checkout starts
  return (
    <>
      <form
        method="get"
        action={ROUTES.LOGIN}
        onSubmit={(event) => {
          event.preventDefault();
          void subscribe();
        }}
      >
        <input type="hidden" name="returnTo" value={afterSignIn} />
        <Button
          type="submit"
          loading={opening}
          variant={filled ? "filled" : "default"}
          fullWidth
          size="md"
          data-price-id={priceId}
        >
          {label}
        </Button>
      </form>
      {error && (
        <Alert color="red" role="alert" mt="sm" data-testid="subscribe-error">
          {error}{" "}
          <Anchor component={Link} to={SUBSCRIPTION_RETURN_PATH}>
            {t("pricingPage.manage")}
          </Anchor>
        </Alert>
      )}
    </>
  );
}

function ComparisonTable() {
  const { t } = useTranslation();
  const plans: AccountPlan[] = ["free", "standard", "pro"];
  const offer = (plan: AccountPlan) =>
    PLAN_OFFERS.find((entry) => entry.plan === plan) as PlanOffer;
  const yesNo = (value: boolean) => (
    <>
      <span aria-hidden="true">{value ? "✓" : "–"}</span>
      <span className={classes.srOnly}>{value ? t("pricingPage.yes") : t("pricingPage.no")}</span>
    </>
  );
  const rows: [string, (plan: AccountPlan) => ReactNode][] = [
    ["drafts", (plan) => offer(plan).drafts ?? t("pricingPage.unlimited")],
    [
      "slots",
      (plan) =>
        offer(plan).includedSlotMonths
          ? t("pricingPage.rows.slotsFree")
          : offer(plan).includedSlots,
    ],
    ["premade", (plan) => offer(plan).freePremadeSpaces],
    ["privacy", (plan) => yesNo(offer(plan).privacy)],
    ["communication", (plan) => yesNo(offer(plan).customCommunication)],
    ["districts", (plan) => yesNo(offer(plan).districts)],
  ];
  return (
    <section className={classes.section}>
      <h2 id="pricing-compare">{t("pricingPage.compareTitle")}</h2>
      {/* scrolls sideways on a phone: the keyboard can reach and scroll it too */}
      <section
        className={classes.tableWrap}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
        tabIndex={0}
        aria-labelledby="pricing-compare"
      >
        <table className={classes.table}>
          <thead>
            <tr>
              <th scope="col">{t("pricingPage.feature")}</th>
              {plans.map((plan) => (
                <th key={plan} scope="col">
                  {t(`pricingPage.names.${plan}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([key, cell]) => (
              <tr key={key}>
                <th scope="row">{t(`pricingPage.rows.${key}`)}</th>
                {plans.map((plan) => (
                  <td key={plan}>{cell(plan)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}

/** The FAQs filed under plans and credits. */
function PricingFaq() {
  const { t } = useTranslation();
  const { data: faqs } = useQuery(faqsQuery());
  const shown = (faqs ?? []).filter((faq) => faq.category === t("pricingPage.faqCategory"));
  if (shown.length === 0) return null;
  return (
    <section className={classes.section}>
      <h2>{t("pricingPage.faqTitle")}</h2>
      <div className={classes.faqs}>
        {shown.map((faq) => (
          <details key={faq.id}>
            <summary>{faq.question}</summary>
            <ContentHtml html={faq.answerHtml} />
          </details>
        ))}
      </div>
    </section>
  );
}
