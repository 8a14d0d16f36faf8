// The route table of the spec (spec 1 §2 and spec 2 §2.4). The upper-case names are
// the spec's first spelling; the paths its second. Aliases let the first spelling's
// natural paths (/editor, /contact, /solutions/art...) reach the same pages.

export const ROUTES = {
  HOME: "/",
  LOGIN: "/login",
  CONTACT: "/contact-us",
  EXPLORE: "/explore",
  WALLET: "/wallet",
  SETTINGS: "/settings",
  PRICING: "/pricing",
  COMINGSOON: "/coming-soon",
  DIGITAL_TRANSFORMATION: "/digital-transformation",
  ARTSTEPSMIGRATION: "/artsteps-migration",
  TERMSOFSERVICE: "/terms-of-service",
  PROFESSIONALSERVICES: "/terms-of-service/professional-services-addendum",
  DATAPROCESSING: "/terms-of-service/data-processing-addendum",
  PRIVACYNOTICE: "/privacy-notice",
  REFUNDPOLICY: "/refund-policy",
  SPACEACCESSDENIED: "/space-access-denied",
  EDITOR: "/curate",
  VIEWER: "/viewer",
  USER: "/user",
  DEV_UNITY_UPLOADER: "/dev-unity-uploader",
  DEEP_LINK: "/deep-linkin",
  SOLUTIONS: "/solutions",
  SOLUTIONS_RETAIL: "/solutions/retail-and-ecommerce",
  SOLUTIONS_MARKETING: "/solutions/marketing-and-brands",
  SOLUTIONS_MUSEUMS: "/solutions/museums-and-galleries",
  SOLUTIONS_ART: "/solutions/art-and-creative-work",
  SOLUTIONS_EVENTS: "/solutions/events-and-live-shows",
  SOLUTIONS_CORPORATE: "/solutions/corporate-training",
  SOLUTIONS_EDTECH: "/solutions/edtech-and-learning",
  SOLUTIONS_LEARNING: "/solutions/learning-and-training",
  RESOURCES: "/resources",
  RESOURCES_FAQS: "/resources/faqs",
  RESOURCES_GUIDES: "/resources/guides",
  RESOURCES_BLOG: "/resources/blog",
  RESOURCES_GLOSSARY: "/resources/glossary",
  RESOURCES_WHITEPAPER: "/resources/whitepaper",
  /** The district wizard (spec 1 §2): create a district, or ?districtId= to add to one. */
  DISTRICT_WIZARD: "/district-wizard",
  /** Content editing for admins; linked from nowhere public. */
  ADMIN_CONTENT: "/admin/content",
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

export const editorPath = (sceneId?: string) =>
  sceneId ? `${ROUTES.EDITOR}/${encodeURIComponent(sceneId)}` : ROUTES.EDITOR;
export const viewerPath = (sceneId: string, options: { draft?: boolean } = {}) =>
  `${ROUTES.VIEWER}/${encodeURIComponent(sceneId)}${options.draft ? "?draft=true" : ""}`;
export const embedPath = (sceneId: string) =>
  `${ROUTES.VIEWER}/embed/${encodeURIComponent(sceneId)}`;
export const userPath = (userId: string, category?: string, subcategory?: string) =>
  [ROUTES.USER, userId, category, subcategory]
    .filter(Boolean)
    .map((part, index) => (index === 0 ? part : encodeURIComponent(part as string)))
    .join("/");
/** The direct messages page, open at one conversation when given. */
export const messagesPath = (groupId?: string) =>
  groupId ? `/messages/${encodeURIComponent(groupId)}` : "/messages";
export const districtWizardPath = (districtId?: string) =>
  districtId
    ? `${ROUTES.DISTRICT_WIZARD}?districtId=${encodeURIComponent(districtId)}`
    : ROUTES.DISTRICT_WIZARD;
/** An event's shareable page (issue 19). */
export const eventPath = (eventId: string) => `/event/${encodeURIComponent(eventId)}`;
export const guidePath = (resourceId: string) =>
  `${ROUTES.RESOURCES_GUIDES}/${encodeURIComponent(resourceId)}`;
export const blogPath = (resourceId: string) =>
  `${ROUTES.RESOURCES_BLOG}/${encodeURIComponent(resourceId)}`;

/** The spec's other spelling of the same pages; each redirects to the canonical path. */
export const ROUTE_ALIASES: Record<string, string> = {
  "/home": ROUTES.HOME,
  "/contact": ROUTES.CONTACT,
  "/comingsoon": ROUTES.COMINGSOON,
  "/editor": ROUTES.EDITOR,
  "/editor/:sceneId": `${ROUTES.EDITOR}/:sceneId`,
  "/terms": ROUTES.TERMSOFSERVICE,
  "/professional-services": ROUTES.PROFESSIONALSERVICES,
  "/data-processing": ROUTES.DATAPROCESSING,
  "/privacy": ROUTES.PRIVACYNOTICE,
  "/refund": ROUTES.REFUNDPOLICY,
  "/spaceaccessdenied": ROUTES.SPACEACCESSDENIED,
  "/artstepsmigration": ROUTES.ARTSTEPSMIGRATION,
  "/digitaltransformation": ROUTES.DIGITAL_TRANSFORMATION,
  "/solutions/art": ROUTES.SOLUTIONS_ART,
  "/solutions/events": ROUTES.SOLUTIONS_EVENTS,
  "/solutions/corporate": ROUTES.SOLUTIONS_CORPORATE,
  "/solutions/edtech": ROUTES.SOLUTIONS_EDTECH,
  "/solutions/learning": ROUTES.SOLUTIONS_LEARNING,
  "/solutions/marketing": ROUTES.SOLUTIONS_MARKETING,
  "/solutions/museums": ROUTES.SOLUTIONS_MUSEUMS,
  "/solutions/retail": ROUTES.SOLUTIONS_RETAIL,
  "/faqs": ROUTES.RESOURCES_FAQS,
  "/guides": ROUTES.RESOURCES_GUIDES,
  "/guides/:resourceId": `${ROUTES.RESOURCES_GUIDES}/:resourceId`,
  "/blog": ROUTES.RESOURCES_BLOG,
  "/blog/:resourceId": `${ROUTES.RESOURCES_BLOG}/:resourceId`,
  "/glossary": ROUTES.RESOURCES_GLOSSARY,
  "/whitepaper": ROUTES.RESOURCES_WHITEPAPER,
  "/resources/faq": ROUTES.RESOURCES_FAQS,
};

/** Header and footer are hidden in the editor and the viewer (spec 1 §2 Shell). */
export function isImmersivePath(pathname: string) {
  return (
    pathname === ROUTES.EDITOR ||
    pathname.startsWith(`${ROUTES.EDITOR}/`) ||
    pathname.startsWith(`${ROUTES.VIEWER}/`)
  );
}
