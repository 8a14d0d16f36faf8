import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROUTES } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";
import { CallToAction } from "../../features/marketing/MarketingPage";
import { SOLUTION_PAGES, solutionIllustration } from "./solution-pages";
import classes from "./solutions.module.css";
import "./catalogue";

/** SOLUTIONS: every solution page, by industry and by function, as in the header. */
export function Component() {
  const { t } = useTranslation();
  const groups = [
    {
      title: t("solutionsUi.byIndustry"),
      pages: SOLUTION_PAGES.filter((page) => page.group === "industry"),
    },
    {
      title: t("solutionsUi.byFunction"),
      pages: SOLUTION_PAGES.filter((page) => page.group === "function"),
    },
  ];
  return (
    <>
      <PageMeta
        title={t("solutionsUi.indexMetaTitle")}
        description={t("solutionsUi.indexMetaDescription")}
      />
      <header className={classes.intro}>
        <p className={classes.eyebrow}>{t("solutionsUi.indexEyebrow")}</p>
        <h1>{t("solutionsUi.indexTitle")}</h1>
        <p>{t("solutionsUi.indexIntro")}</p>
      </header>
      {groups.map((group) => (
        <section key={group.title} className={classes.group}>
          <h2>{group.title}</h2>
          <ul className={classes.cards}>
            {group.pages.map((page) => (
              <li key={page.key}>
                <Link to={page.path} className={classes.card}>
                  <img
                    src={solutionIllustration(page.key)}
                    alt=""
                    width={480}
                    height={360}
                    loading="lazy"
                  />
                  <h3>{t(`solutions.${page.key}.eyebrow`)}</h3>
                  <p>{t(`solutions.${page.key}.card`)}</p>
                  <span>{t("solutionsUi.more")} →</span>
                </Link>
              </li>
            ))}
            {group.pages[0]?.group === "industry" && (
              <li>
                <Link to={ROUTES.SOLUTIONS_LEARNING} className={classes.card}>
                  <img
                    src={solutionIllustration("learning")}
                    alt=""
                    width={480}
                    height={360}
                    loading="lazy"
                  />
                  <h3>{t("solutions.learning.eyebrow")}</h3>
                  <p>{t("solutions.learning.metaDescription")}</p>
                  <span>{t("solutionsUi.more")} →</span>
                </Link>
              </li>
            )}
          </ul>
        </section>
      ))}
      <CallToAction title={t("solutionsUi.indexCtaTitle")} text={t("solutionsUi.indexCtaText")} />
    </>
  );
}
