import { ROUTES } from "../paths";

// The header's menus (spec 1 §2 Shell), by i18n key and destination.
export interface NavLinkItem {
  labelKey: string;
  to: string;
  external?: boolean;
}

export const solutionsByIndustry: NavLinkItem[] = [
  { labelKey: "nav.edtechAndLearning", to: ROUTES.SOLUTIONS_EDTECH },
  { labelKey: "nav.museums", to: ROUTES.SOLUTIONS_MUSEUMS },
  { labelKey: "nav.retail", to: ROUTES.SOLUTIONS_RETAIL },
  { labelKey: "nav.events", to: ROUTES.SOLUTIONS_EVENTS },
];

export const solutionsByFunction: NavLinkItem[] = [
  { labelKey: "nav.corporate", to: ROUTES.SOLUTIONS_CORPORATE },
  { labelKey: "nav.art", to: ROUTES.SOLUTIONS_ART },
  { labelKey: "nav.marketing", to: ROUTES.SOLUTIONS_MARKETING },
];

/** Video tutorials is an external link from the CMS (the resource category whose slug contains 'video'). */
export function resourceItems(videoTutorialsUrl: string | null): NavLinkItem[] {
  return [
    { labelKey: "nav.faq", to: ROUTES.RESOURCES_FAQS },
    { labelKey: "nav.guides", to: ROUTES.RESOURCES_GUIDES },
    ...(videoTutorialsUrl
      ? [{ labelKey: "nav.videoTutorials", to: videoTutorialsUrl, external: true }]
      : []),
    { labelKey: "nav.glossary", to: ROUTES.RESOURCES_GLOSSARY },
  ];
}
