import { ROUTES } from "../../app/paths";

/** The solution pages: their path, their catalogue group and their illustration. */
export const SOLUTION_PAGES = [
  { key: "edtech", path: ROUTES.SOLUTIONS_EDTECH, group: "industry" },
  { key: "museums", path: ROUTES.SOLUTIONS_MUSEUMS, group: "industry" },
  { key: "retail", path: ROUTES.SOLUTIONS_RETAIL, group: "industry" },
  { key: "events", path: ROUTES.SOLUTIONS_EVENTS, group: "industry" },
  { key: "corporate", path: ROUTES.SOLUTIONS_CORPORATE, group: "function" },
  { key: "art", path: ROUTES.SOLUTIONS_ART, group: "function" },
  { key: "marketing", path: ROUTES.SOLUTIONS_MARKETING, group: "function" },
] as const;

export type SolutionKey = (typeof SOLUTION_PAGES)[number]["key"];

export const solutionIllustration = (key: string) => `/illustrations/solutions/${key}.svg`;
