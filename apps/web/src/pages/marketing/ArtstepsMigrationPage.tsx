import { useTranslation } from "react-i18next";
import { MarketingPage } from "../../features/marketing/MarketingPage";
import "./catalogue";

/** ARTSTEPSMIGRATION: bringing exhibitions over from Artsteps, honestly described. */
export function Component() {
  const { t } = useTranslation();
  return (
    <MarketingPage
      copyKey="artstepsMigration"
      illustration="/illustrations/solutions/artsteps-migration.svg"
      labels={{
        challenges: t("artstepsMigration.challengesTitle"),
        useCases: t("artstepsMigration.useCasesTitle"),
        how: t("artstepsMigration.howTitle"),
      }}
    />
  );
}
