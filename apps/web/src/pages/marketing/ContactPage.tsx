import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROUTES } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";
import { ContactForm } from "../../features/contact/ContactForm";
import classes from "./pages.module.css";

/** CONTACT: the contact form, with where to look first. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className={classes.twoColumns}>
      <PageMeta title={t("meta.contact.title")} description={t("meta.contact.description")} />
      <section>
        <p className={classes.eyebrow}>{t("contactPage.eyebrow")}</p>
        <h1 className={classes.title}>{t("contactPage.title")}</h1>
        <p className={classes.lead}>{t("contactPage.intro")}</p>
        <ContactForm idPrefix="contact" />
      </section>
      <aside className={classes.aside}>
        <h2>{t("contactPage.asideTitle")}</h2>
        <p>{t("contactPage.asideFaq")}</p>
        <Link to={ROUTES.RESOURCES_FAQS}>{t("contactPage.faqLink")} →</Link>
        <p>{t("contactPage.asideGuides")}</p>
        <Link to={ROUTES.RESOURCES_GUIDES}>{t("contactPage.guidesLink")} →</Link>
        <p>{t("contactPage.asidePricing")}</p>
        <Link to={ROUTES.PRICING}>{t("contactPage.pricingLink")} →</Link>
      </aside>
    </div>
  );
}
