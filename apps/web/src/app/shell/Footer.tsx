import { Container } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROUTES, userPath } from "../paths";
import { runtimeConfig } from "../runtime-config";
import classes from "./Footer.module.css";
import { solutionsByFunction, solutionsByIndustry } from "./nav-items";
import { SocialIcon } from "./SocialIcon";

interface FooterLink {
  labelKey: string;
  to: string;
}

// "me" stands for the signed-in user: the account area resolves it, and signed-out
// visitors are sent to sign in and come back here (spec 1 §2 Footer)
const accountLinks: FooterLink[] = [
  { labelKey: "footer.profile", to: userPath("me") },
  { labelKey: "footer.spaces", to: userPath("me", "spaces", "published") },
  { labelKey: "footer.districts", to: userPath("me", "districts", "my-districts") },
  { labelKey: "footer.library", to: userPath("me", "library", "images") },
  { labelKey: "footer.wallet", to: ROUTES.WALLET },
  { labelKey: "footer.settings", to: ROUTES.SETTINGS },
];

const columns: { titleKey: string; links: FooterLink[] }[] = [
  {
    titleKey: "footer.product",
    links: [
      { labelKey: "nav.explore", to: ROUTES.EXPLORE },
      { labelKey: "nav.pricing", to: ROUTES.PRICING },
      { labelKey: "nav.home", to: ROUTES.HOME },
    ],
  },
  {
    titleKey: "nav.solutions",
    links: [
      ...solutionsByIndustry,
      ...solutionsByFunction,
      { labelKey: "nav.learning", to: ROUTES.SOLUTIONS_LEARNING },
    ],
  },
  {
    titleKey: "nav.resources",
    links: [
      { labelKey: "nav.faq", to: ROUTES.RESOURCES_FAQS },
      { labelKey: "nav.guides", to: ROUTES.RESOURCES_GUIDES },
      { labelKey: "nav.blog", to: ROUTES.RESOURCES_BLOG },
      { labelKey: "nav.glossary", to: ROUTES.RESOURCES_GLOSSARY },
      { labelKey: "nav.whitepaper", to: ROUTES.RESOURCES_WHITEPAPER },
    ],
  },
  {
    titleKey: "footer.company",
    links: [
      { labelKey: "nav.contactUs", to: ROUTES.CONTACT },
      { labelKey: "footer.digitalTransformation", to: ROUTES.DIGITAL_TRANSFORMATION },
      { labelKey: "footer.artstepsMigration", to: ROUTES.ARTSTEPSMIGRATION },
      { labelKey: "footer.comingSoon", to: ROUTES.COMINGSOON },
    ],
  },
  { titleKey: "footer.account", links: accountLinks },
  {
    titleKey: "footer.legal",
    links: [
      { labelKey: "footer.termsOfService", to: ROUTES.TERMSOFSERVICE },
      { labelKey: "footer.professionalServices", to: ROUTES.PROFESSIONALSERVICES },
      { labelKey: "footer.dataProcessing", to: ROUTES.DATAPROCESSING },
      { labelKey: "footer.privacyNotice", to: ROUTES.PRIVACYNOTICE },
      { labelKey: "footer.refundPolicy", to: ROUTES.REFUNDPOLICY },
    ],
  },
];

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container>
        <div className={classes.columns}>
          {columns.map((column) => (
            <nav key={column.titleKey} aria-label={t(column.titleKey)}>
              <div className={classes.heading}>{t(column.titleKey)}</div>
              <ul className={classes.list}>
                {column.links.map((link) => (
                  <li key={link.labelKey}>
                    <Link className={classes.link} to={link.to}>
                      {t(link.labelKey)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className={classes.bottom}>
          <p className={classes.funding}>{t("footer.funding")}</p>
          {runtimeConfig.socialLinks.length > 0 && (
            <ul className={classes.social} aria-label={t("footer.follow")}>
              {runtimeConfig.socialLinks.map((link) => (
                <li key={link.name}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={link.name}
                  >
                    <SocialIcon name={link.name} />
                  </a>
                </li>
              ))}
            </ul>
          )}
          <span>{t("footer.copyright", { year: new Date().getFullYear() })}</span>
        </div>
      </Container>
    </footer>
  );
}
