import { LEGAL_DOCUMENTS } from "@atrium/domain/site-pages";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { NotFound } from "../../app/shell/NotFound";
import { ArticleBySlugPlain } from "./LegalArticle";
import classes from "./marketing.module.css";
import "./catalogue";

/** The five legal pages: CMS articles of kind "legal", each on its own path. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const document = LEGAL_DOCUMENTS.find((entry) => entry.path === pathname);
  if (!document) return <NotFound />;
  return (
    <div className={classes.legal}>
      <ArticleBySlugPlain slug={document.slug} />
      <nav className={classes.legalNav} aria-label={t("legalUi.documents")}>
        <p>{t("legalUi.documents")}</p>
        <ul>
          {LEGAL_DOCUMENTS.map((entry) => (
            <li key={entry.slug}>
              <Link to={entry.path} aria-current={entry.path === pathname ? "page" : undefined}>
                {t(`footer.${footerKey(entry.slug)}`)}
              </Link>
            </li>
          ))}
        </ul>
        <p className={classes.legalQuestions}>{t("legalUi.questions")}</p>
      </nav>
    </div>
  );
}

/** The footer already names each document; its keys are the slugs in camel case. */
function footerKey(slug: string) {
  const keys: Record<string, string> = {
    "terms-of-service": "termsOfService",
    "professional-services-addendum": "professionalServices",
    "data-processing-addendum": "dataProcessing",
    "privacy-notice": "privacyNotice",
    "refund-policy": "refundPolicy",
  };
  return keys[slug] ?? "termsOfService";
}
