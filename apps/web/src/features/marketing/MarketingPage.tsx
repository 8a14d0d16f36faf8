import { Button } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROUTES } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";
import strings from "../../i18n/en/on-demand/content-cta.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import classes from "./MarketingPage.module.css";

addOnDemandCatalogue(strings);

export interface TitledText {
  title: string;
  text: string;
}

/**
 * The layout shared by the solution pages, digital transformation and the Artsteps move:
 * a hero with an illustration, three problems, four things people build, three steps and a
 * call to action. `copyKey` names the catalogue group holding the page's words.
 */
export function MarketingPage({
  copyKey,
  illustration,
  labels,
  aside,
}: {
  copyKey: string;
  illustration: string;
  labels: { challenges: string; useCases: string; how: string };
  aside?: ReactNode;
}) {
  const { t } = useTranslation();
  const list = (key: string) => t(`${copyKey}.${key}`, { returnObjects: true }) as TitledText[];
  return (
    <>
      <PageMeta title={t(`${copyKey}.metaTitle`)} description={t(`${copyKey}.metaDescription`)} />
      <section className={classes.hero}>
        <div className={classes.heroText}>
          <p className={classes.eyebrow}>{t(`${copyKey}.eyebrow`)}</p>
          <h1>{t(`${copyKey}.title`)}</h1>
          <p className={classes.lead}>{t(`${copyKey}.intro`)}</p>
          <div className={classes.actions}>
            <Button component={Link} to={ROUTES.EDITOR} size="lg">
              {t("marketingUi.startBuilding")}
            </Button>
            <Button component={Link} to={ROUTES.CONTACT} size="lg" variant="default">
              {t("marketingUi.contact")}
            </Button>
          </div>
        </div>
        <img
          className={classes.heroImage}
          src={illustration}
          alt=""
          width={720}
          height={540}
          fetchPriority="high"
        />
      </section>

      <section className={classes.section}>
        <h2>{labels.challenges}</h2>
        <ul className={classes.three}>
          {list("challenges").map((item) => (
            <li key={item.title}>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`${classes.section} ${classes.tinted}`}>
        <h2>{labels.useCases}</h2>
        <ul className={classes.four}>
          {list("useCases").map((item, index) => (
            <li key={item.title}>
              <span className={classes.number}>{String(index + 1).padStart(2, "0")}</span>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={classes.section}>
        <h2>{labels.how}</h2>
        <ol className={classes.steps}>
          {list("how").map((item) => (
            <li key={item.title}>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ol>
        {aside}
      </section>

      <CallToAction title={t(`${copyKey}.ctaTitle`)} text={t(`${copyKey}.ctaText`)} />
    </>
  );
}

/** The closing band: a sentence and the way to contact us. */
export function CallToAction({
  title,
  text,
  button,
  showPricing = true,
}: {
  title: string;
  text: string;
  button?: string;
  /** Off on the pricing page itself. */
  showPricing?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className={classes.cta}>
      <div>
        <h2>{title}</h2>
        <p>{text}</p>
      </div>
      <div className={classes.actions}>
        <Button component={Link} to={ROUTES.CONTACT} size="lg" variant="white">
          {button ?? t("marketingUi.contact")}
        </Button>
        {showPricing && (
          <Button component={Link} to={ROUTES.PRICING} size="lg" variant="outline" color="white">
            {t("marketingUi.pricing")}
          </Button>
        )}
      </div>
    </section>
  );
}
