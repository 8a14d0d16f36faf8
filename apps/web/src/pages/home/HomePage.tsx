import { Button } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { faqsQuery } from "../../api/cms";
import { ROUTES } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";
import { ContentHtml } from "../../features/content/ContentHtml";
import { FallbackImage } from "../../features/content/FallbackImage";
import { lazyWhenVisible } from "../../features/content/lazy-when-visible";
import { ImageSlider } from "../../features/marketing/ImageSlider";
import strings from "../../i18n/en/on-demand/content-home.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import { HeroCarousel } from "./HeroCarousel";
import classes from "./HomePage.module.css";
import { premadeSpacesQuery } from "./premade";

addOnDemandCatalogue(strings);

const CONTACT_ANCHOR = "home-contact-form";
// the form is at the bottom of the page: its code (inputs, the country list) loads on approach
const ContactForm = lazyWhenVisible<{ idPrefix?: string }>(CONTACT_ANCHOR, () =>
  import("../../features/contact/ContactForm").then((module) => ({ default: module.ContactForm })),
);

const STEPS = [
  "defineSpace",
  "shapeStyle",
  "addContent",
  "createStoriesOrPaths",
  "publishAndShare",
] as const;
const FEATURES = ["building", "content", "tours", "together", "privacy", "share"] as const;
const SLIDES = ["floorPlan", "materials", "wall", "tour", "share"] as const;
const AUDIENCES = [
  ["creators", ROUTES.SOLUTIONS_ART],
  ["educators", ROUTES.SOLUTIONS_EDTECH],
  ["trainers", ROUTES.SOLUTIONS_CORPORATE],
  ["museums", ROUTES.SOLUTIONS_MUSEUMS],
  ["retailers", ROUTES.SOLUTIONS_RETAIL],
  ["agencies", ROUTES.SOLUTIONS_MARKETING],
  ["events", ROUTES.SOLUTIONS_EVENTS],
] as const;
const HOME_FAQ_COUNT = 6;

/** HOME (spec 2 §2.4): hero, the 5 steps, features, audiences, premade spaces, FAQ, contact. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={t("home.metaTitle")} description={t("home.metaDescription")} />
      <section className={classes.hero}>
        <div className={classes.heroInner}>
          <div className={classes.heroText}>
            <p className={classes.eyebrow}>{t("home.hero.eyebrow")}</p>
            <h1 className={classes.title}>{t("home.hero.title")}</h1>
            <p className={classes.lead}>{t("home.hero.text")}</p>
            <div className={classes.actions}>
              <Button component={Link} to={ROUTES.EDITOR} size="lg">
                {t("home.hero.start")}
              </Button>
              <Button component={Link} to={ROUTES.EXPLORE} size="lg" variant="default">
                {t("home.hero.explore")}
              </Button>
            </div>
            <p className={classes.note}>{t("home.hero.note")}</p>
          </div>
          <HeroCarousel />
        </div>
      </section>

      <section className={classes.section} aria-labelledby="home-steps">
        <SectionHeading
          id="home-steps"
          eyebrow={t("home.steps.eyebrow")}
          title={t("home.steps.title")}
        />
        <ol className={classes.steps}>
          {STEPS.map((step, index) => (
            <li key={step} className={classes.step}>
              <span className={classes.stepNumber}>{index + 1}</span>
              <h3>{t(`editor.steps.${step}`)}</h3>
              <p>{t(`home.steps.${step}`)}</p>
            </li>
          ))}
        </ol>
        <Link className={classes.more} to="/resources/guides/editor-guide-introduction">
          {t("home.steps.guide")} →
        </Link>
      </section>

      <section className={`${classes.section} ${classes.tinted}`} aria-labelledby="home-features">
        <SectionHeading
          id="home-features"
          eyebrow={t("home.features.eyebrow")}
          title={t("home.features.title")}
        />
        <div className={classes.featuresLayout}>
          <ul className={classes.features}>
            {FEATURES.map((feature) => (
              <li key={feature}>
                <img
                  src={`/illustrations/icons/${feature}.svg`}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                />
                <h3>{t(`home.features.${feature}.title`)}</h3>
                <p>{t(`home.features.${feature}.text`)}</p>
              </li>
            ))}
          </ul>
          <ImageSlider
            label={t("home.features.sliderLabel")}
            previousLabel={t("home.features.previous")}
            nextLabel={t("home.features.next")}
            thumbnailLabel={(index, slide) =>
              t("home.features.show", { number: index + 1, title: slide.title })
            }
            slides={SLIDES.map((slide) => ({
              src: `/illustrations/features/${slide}.svg`,
              title: t(`home.features.slides.${slide}`),
            }))}
          />
        </div>
      </section>

      <section className={classes.section} aria-labelledby="home-audiences">
        <SectionHeading
          id="home-audiences"
          eyebrow={t("home.audiences.eyebrow")}
          title={t("home.audiences.title")}
        />
        <ul className={classes.audiences}>
          {AUDIENCES.map(([audience, to]) => (
            <li key={audience}>
              <Link to={to} className={classes.audience}>
                <img
                  src={`/illustrations/audiences/${audience}.svg`}
                  alt=""
                  width={320}
                  height={200}
                  loading="lazy"
                />
                <h3>{t(`home.audiences.${audience}.title`)}</h3>
                <p>{t(`home.audiences.${audience}.text`)}</p>
                <span className={classes.more}>{t("home.audiences.more")} →</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <PremadeSpaces />
      <HomeFaq />

      <section className={`${classes.section} ${classes.contact}`} aria-labelledby="home-contact">
        <div className={classes.contactIntro}>
          <SectionHeading
            id="home-contact"
            eyebrow={t("home.contact.eyebrow")}
            title={t("home.contact.title")}
          />
          <p className={classes.lead}>{t("home.contact.text")}</p>
        </div>
        <div id={CONTACT_ANCHOR}>
          <Suspense fallback={null}>
            <ContactForm idPrefix="home-contact" />
          </Suspense>
        </div>
      </section>
    </>
  );
}

function SectionHeading({ id, eyebrow, title }: { id: string; eyebrow: string; title: string }) {
  return (
    <div className={classes.heading}>
      <p className={classes.eyebrow}>{eyebrow}</p>
      <h2 id={id}>{title}</h2>
    </div>
  );
}

/** Premade spaces from the catalogue; not shown at all while loading, on failure or when empty. */
function PremadeSpaces() {
  const { t } = useTranslation();
  const { data: spaces } = useQuery(premadeSpacesQuery());
  if (!spaces || spaces.length === 0) return null;
  return (
    <section className={`${classes.section} ${classes.tinted}`} aria-labelledby="home-premade">
      <SectionHeading
        id="home-premade"
        eyebrow={t("home.premade.eyebrow")}
        title={t("home.premade.title")}
      />
      <p className={classes.sectionText}>{t("home.premade.text")}</p>
      <ul className={classes.premade}>
        {spaces.slice(0, 6).map((space) => (
          <li key={space.id} className={classes.premadeCard}>
            <FallbackImage src={space.cover} alt="" width={480} height={300} loading="lazy" />
            <div>
              <h3>{space.title}</h3>
              {space.description && <p>{space.description}</p>}
              <p className={classes.premadeMeta}>
                {space.tier && <span className={classes.badge}>{space.tier}</span>}
                {space.sizes.length > 0 && (
                  <span>{t("home.premade.sizes", { sizes: space.sizes.join(", ") })}</span>
                )}
                {space.fromCredits !== null && (
                  <span>{t("home.premade.credits", { count: space.fromCredits })}</span>
                )}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <Button component={Link} to={ROUTES.EDITOR} variant="light">
        {t("home.premade.start")}
      </Button>
    </section>
  );
}

function HomeFaq() {
  const { t } = useTranslation();
  const { data: faqs } = useQuery(faqsQuery());
  if (!faqs || faqs.length === 0) return null;
  return (
    <section className={classes.section} aria-labelledby="home-faq">
      <SectionHeading id="home-faq" eyebrow={t("home.faq.eyebrow")} title={t("home.faq.title")} />
      <div className={classes.faqs}>
        {faqs.slice(0, HOME_FAQ_COUNT).map((faq) => (
          <details key={faq.id} className={classes.faq}>
            <summary>{faq.question}</summary>
            <ContentHtml html={faq.answerHtml} />
          </details>
        ))}
      </div>
      <Link className={classes.more} to={ROUTES.RESOURCES_FAQS}>
        {t("home.faq.all")} →
      </Link>
    </section>
  );
}
