import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { NotFound } from "../../app/shell/NotFound";
import { MarketingPage } from "../../features/marketing/MarketingPage";
import { SOLUTION_PAGES, solutionIllustration } from "./solution-pages";
import "./catalogue";

/** SOLUTIONS: ART, EVENTS, CORPORATE, EDTECH, MARKETING, MUSEUMS, RETAIL, by path. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const solution = SOLUTION_PAGES.find((page) => page.path === pathname);
  if (!solution) return <NotFound />;
  return (
    <MarketingPage
      copyKey={`solutions.${solution.key}`}
      illustration={solutionIllustration(solution.key)}
      labels={{
        challenges: t("solutionsUi.challengesTitle"),
        useCases: t("solutionsUi.useCasesTitle"),
        how: t("solutionsUi.howTitle"),
      }}
    />
  );
}
