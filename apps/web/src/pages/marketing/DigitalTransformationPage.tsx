import { useTranslation } from "react-i18next";
import { MarketingPage } from "../../features/marketing/MarketingPage";
import "./catalogue";

/** DIGITAL_TRANSFORMATION: how organisations move a programme online, with our help. */
export function Component() {
  const { t } = useTranslation();
  return (
    <MarketingPage
      copyKey="digitalTransformation"
      illustration="/illustrations/solutions/digital-transformation.svg"
      labels={{
        challenges: t("digitalTransformation.challengesTitle"),
        useCases: t("digitalTransformation.useCasesTitle"),
        how: t("digitalTransformation.howTitle"),
      }}
    />
  );
}
