import { Navigate, type RouteObject, useParams } from "react-router";
import { withTimeout } from "./lazy";
import { ROUTE_ALIASES, ROUTES } from "./paths";
import { Layout } from "./shell/Layout";
import { NotFound } from "./shell/NotFound";
import { RouteError } from "./shell/RouteError";

/** Redirects the spec's other spelling of a path to the canonical one, keeping params and query. */
function AliasRedirect({ to }: { to: string }) {
  const params = useParams();
  const target = to.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  return <Navigate to={`${target}${location.search}`} replace />;
}

const page = (path: string, load: () => Promise<unknown>): RouteObject => ({
  path,
  lazy: withTimeout(load) as RouteObject["lazy"],
});

const solutionPage = () => import("../pages/solutions/SolutionPage");
const legalPage = () => import("../pages/marketing/LegalPage");
const articlePage = () => import("../pages/resources/ArticlePage");

/** The marketing, solutions, legal and resources pages (issue 8), each loaded with its route. */
const contentPages: RouteObject[] = [
  page(ROUTES.CONTACT, () => import("../pages/marketing/ContactPage")),
  page(ROUTES.PRICING, () => import("../pages/marketing/PricingPage")),
  page(ROUTES.COMINGSOON, () => import("../pages/marketing/ComingSoonPage")),
  page(ROUTES.DIGITAL_TRANSFORMATION, () => import("../pages/marketing/DigitalTransformationPage")),
  page(ROUTES.ARTSTEPSMIGRATION, () => import("../pages/marketing/ArtstepsMigrationPage")),
  page(ROUTES.TERMSOFSERVICE, legalPage),
  page(ROUTES.PROFESSIONALSERVICES, legalPage),
  page(ROUTES.DATAPROCESSING, legalPage),
  page(ROUTES.PRIVACYNOTICE, legalPage),
  page(ROUTES.REFUNDPOLICY, legalPage),
  page(ROUTES.SOLUTIONS, () => import("../pages/solutions/SolutionsIndexPage")),
  page(ROUTES.SOLUTIONS_RETAIL, solutionPage),
  page(ROUTES.SOLUTIONS_MARKETING, solutionPage),
  page(ROUTES.SOLUTIONS_MUSEUMS, solutionPage),
  page(ROUTES.SOLUTIONS_ART, solutionPage),
  page(ROUTES.SOLUTIONS_EVENTS, solutionPage),
  page(ROUTES.SOLUTIONS_CORPORATE, solutionPage),
  page(ROUTES.SOLUTIONS_EDTECH, solutionPage),
  page(ROUTES.SOLUTIONS_LEARNING, () => import("../pages/solutions/LearningPage")),
  page(ROUTES.RESOURCES, () => import("../pages/resources/ResourcesIndexPage")),
  page(ROUTES.RESOURCES_FAQS, () => import("../pages/resources/FaqsPage")),
  page(ROUTES.RESOURCES_GUIDES, () => import("../pages/resources/GuidesPage")),
  page(`${ROUTES.RESOURCES_GUIDES}/:resourceId`, articlePage),
  page(ROUTES.RESOURCES_BLOG, () => import("../pages/resources/BlogPage")),
  page(`${ROUTES.RESOURCES_BLOG}/:resourceId`, articlePage),
  page(ROUTES.RESOURCES_GLOSSARY, () => import("../pages/resources/GlossaryPage")),
  page(ROUTES.RESOURCES_WHITEPAPER, () => import("../pages/resources/WhitepaperPage")),
  page(`${ROUTES.RESOURCES}/:category`, () => import("../pages/resources/UnknownResourcePage")),
  page(ROUTES.ADMIN_CONTENT, () => import("../pages/admin/AdminContentPage")),
];

/**
 * The complete route table (spec 1 §2, spec 2 §2.4). On a district subdomain the
 * home page and /{category}/{subcategory} show the district instead.
 */
export function buildRoutes({ districtSubdomain }: { districtSubdomain: string | null }) {
  const pages: RouteObject[] = [
    districtSubdomain
      ? page("/", () => import("../pages/district/DistrictHomePage"))
      : { index: true, lazy: withTimeout(() => import("../pages/home/HomePage")) },
    { path: ROUTES.LOGIN, lazy: withTimeout(() => import("../pages/login/LoginPage")) },
    {
      path: `${ROUTES.LOGIN}/forgot`,
      lazy: withTimeout(() => import("../pages/login/ForgotPasswordPage")),
    },
    {
      path: `${ROUTES.LOGIN}/reset`,
      lazy: withTimeout(() => import("../pages/login/ResetPasswordPage")),
    },
    {
      path: `${ROUTES.LOGIN}/welcome`,
      lazy: withTimeout(() => import("../pages/login/WelcomePage")),
    },
    { path: ROUTES.SETTINGS, lazy: withTimeout(() => import("../pages/settings/SettingsPage")) },
    // spaces (issue 4): explore published spaces and creators
    { path: ROUTES.EXPLORE, lazy: withTimeout(() => import("../pages/explore/ExplorePage")) },
    // credits and card checkout (issue 17): the wallet and the built-in sandbox's checkout page
    page(ROUTES.WALLET, () => import("../pages/wallet/WalletPage")),
    page("/checkout/sandbox/:sessionId", () => import("../pages/checkout/SandboxCheckoutPage")),
    // the district wizard and its cart (issue 18)
    page(ROUTES.DISTRICT_WIZARD, () => import("../pages/district-wizard/DistrictWizardPage")),
    // direct messages outside a space, where a message's notification leads (issue 16)
    page("/messages/:groupId?", () => import("../pages/messages/MessagesPage")),
    // an event's shareable page (issue 19)
    page("/event/:eventId", () => import("../pages/event/EventPage")),
    // one route for /curate and /curate/{sceneId}: the first save moves the URL to the new
    // scene's id without remounting the editor (issue 6)
    {
      path: `${ROUTES.EDITOR}/:sceneId?`,
      lazy: withTimeout(() => import("../pages/editor/EditorPage")),
    },
    { path: ROUTES.VIEWER, element: <Navigate to={ROUTES.EXPLORE} replace /> },
    // the viewer (issue 7): one page for both; the 3D engine loads inside it on demand
    {
      path: `${ROUTES.VIEWER}/embed/:sceneId`,
      lazy: withTimeout(() => import("../pages/viewer/route")),
    },
    { path: `${ROUTES.VIEWER}/:sceneId`, lazy: withTimeout(() => import("../pages/viewer/route")) },
    ...[
      ROUTES.USER,
      `${ROUTES.USER}/:userId`,
      `${ROUTES.USER}/:userId/:category`,
      `${ROUTES.USER}/:userId/:category/:subcategory`,
    ].map((path) => ({ path, lazy: withTimeout(() => import("../pages/user/UserRoute")) })),
    // the account's districts pages by their short path (spec 2 §2.4)
    page("/districts/:subcategory?", () => import("../pages/user/DistrictsShortcut")),
    page(ROUTES.DEV_UNITY_UPLOADER, () => import("../pages/common/DevUploaderRoute")),
    {
      path: ROUTES.DEEP_LINK,
      lazy: withTimeout(() => import("../pages/common/DeepLinkRoute")),
    },
    {
      path: ROUTES.SPACEACCESSDENIED,
      lazy: withTimeout(() => import("../pages/space-access-denied/route")),
    },
    ...contentPages,
    ...Object.entries(ROUTE_ALIASES).map(([path, to]) => ({
      path,
      element: <AliasRedirect to={to} />,
    })),
    // a district's sections (spec 2 §2.4), the same page as its home
    ...(districtSubdomain
      ? [
          page("/:category", () => import("../pages/district/DistrictHomePage")),
          page("/:category/:subcategory", () => import("../pages/district/DistrictHomePage")),
        ]
      : []),
    { path: "*", element: <NotFound /> },
  ];

  return [
    {
      element: <Layout />,
      errorElement: <RouteError />,
      // the inner boundary keeps the header and footer around a failed page
      children: [{ errorElement: <RouteError />, children: pages }],
    },
  ] satisfies RouteObject[];
}
