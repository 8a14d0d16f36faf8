import { Navigate, type RouteObject, useParams } from "react-router";
import type { ComingLaterHandle } from "../pages/common/ComingLaterRoute";
import { HomePage } from "../pages/home/HomePage";
import { withTimeout } from "./lazy";
import { ROUTE_ALIASES, ROUTES } from "./paths";
import { Layout } from "./shell/Layout";
import { NotFound } from "./shell/NotFound";
import { RouteError } from "./shell/RouteError";

const comingLater = withTimeout(() => import("../pages/common/ComingLaterRoute"));

/** A route whose feature lands with a later piece of work: an honest page, lazily loaded. */
function later(path: string, pageKey: string, featureKey: string, metaKey?: string): RouteObject {
  const handle: ComingLaterHandle = { pageKey, featureKey, ...(metaKey ? { metaKey } : {}) };
  return { path, handle, lazy: comingLater };
}

/** Redirects the spec's other spelling of a path to the canonical one, keeping params and query. */
function AliasRedirect({ to }: { to: string }) {
  const params = useParams();
  const target = to.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  return <Navigate to={`${target}${location.search}`} replace />;
}

const solutionPages: [string, string, string?][] = [
  [ROUTES.SOLUTIONS, "pages.solutions"],
  [ROUTES.SOLUTIONS_RETAIL, "nav.retail"],
  [ROUTES.SOLUTIONS_MARKETING, "nav.marketing"],
  [ROUTES.SOLUTIONS_MUSEUMS, "nav.museums"],
  [ROUTES.SOLUTIONS_ART, "nav.art"],
  [ROUTES.SOLUTIONS_EVENTS, "nav.events"],
  [ROUTES.SOLUTIONS_CORPORATE, "nav.corporate"],
  [ROUTES.SOLUTIONS_EDTECH, "nav.edtechAndLearning"],
  [ROUTES.SOLUTIONS_LEARNING, "nav.learning", "learning"],
];

const contentPages: [string, string, string?][] = [
  [ROUTES.CONTACT, "pages.contact", "contact"],
  [ROUTES.PRICING, "pages.pricing", "pricing"],
  [ROUTES.COMINGSOON, "pages.comingSoon"],
  [ROUTES.DIGITAL_TRANSFORMATION, "pages.digitalTransformation"],
  [ROUTES.ARTSTEPSMIGRATION, "pages.artstepsMigration"],
  [ROUTES.TERMSOFSERVICE, "pages.termsOfService"],
  [ROUTES.PROFESSIONALSERVICES, "pages.professionalServices"],
  [ROUTES.DATAPROCESSING, "pages.dataProcessing"],
  [ROUTES.PRIVACYNOTICE, "pages.privacyNotice"],
  [ROUTES.REFUNDPOLICY, "pages.refundPolicy"],
  [ROUTES.RESOURCES, "pages.resources"],
  [ROUTES.RESOURCES_FAQS, "pages.faqs", "faqs"],
  [ROUTES.RESOURCES_GUIDES, "pages.guides", "guides"],
  [`${ROUTES.RESOURCES_GUIDES}/:resourceId`, "pages.guides"],
  [ROUTES.RESOURCES_BLOG, "pages.blog"],
  [`${ROUTES.RESOURCES_BLOG}/:resourceId`, "pages.blog"],
  [ROUTES.RESOURCES_GLOSSARY, "pages.glossary"],
  [ROUTES.RESOURCES_WHITEPAPER, "pages.whitepaper"],
];

/**
 * The complete route table (spec 1 §2, spec 2 §2.4). On a district subdomain the
 * home page and /{category}/{subcategory} show the district instead.
 */
export function buildRoutes({ districtSubdomain }: { districtSubdomain: string | null }) {
  const pages: RouteObject[] = [
    districtSubdomain
      ? later("/", "pages.district", "features.districts")
      : { index: true, element: <HomePage /> },
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
    later(ROUTES.EXPLORE, "pages.explore", "features.spaces", "explore"),
    later(ROUTES.WALLET, "pages.wallet", "features.wallet"),
    later(ROUTES.EDITOR, "pages.editor", "features.editor", "editor"),
    later(`${ROUTES.EDITOR}/:sceneId`, "pages.editor", "features.editor", "editor"),
    { path: ROUTES.VIEWER, element: <Navigate to={ROUTES.EXPLORE} replace /> },
    later(`${ROUTES.VIEWER}/embed/:sceneId`, "pages.viewer", "features.viewer"),
    later(`${ROUTES.VIEWER}/:sceneId`, "pages.viewer", "features.viewer"),
    ...[
      ROUTES.USER,
      `${ROUTES.USER}/:userId`,
      `${ROUTES.USER}/:userId/:category`,
      `${ROUTES.USER}/:userId/:category/:subcategory`,
    ].map((path) => ({ path, lazy: withTimeout(() => import("../pages/user/UserRoute")) })),
    later(ROUTES.DEV_UNITY_UPLOADER, "pages.devUploader", "features.library"),
    {
      path: ROUTES.DEEP_LINK,
      lazy: withTimeout(() => import("../pages/common/DeepLinkRoute")),
    },
    {
      path: ROUTES.SPACEACCESSDENIED,
      lazy: withTimeout(() => import("../pages/space-access-denied/route")),
    },
    ...[...solutionPages, ...contentPages].map(([path, key, metaKey]) =>
      later(path, key, "features.content", metaKey),
    ),
    ...Object.entries(ROUTE_ALIASES).map(([path, to]) => ({
      path,
      element: <AliasRedirect to={to} />,
    })),
    ...(districtSubdomain
      ? [
          later("/:category", "pages.district", "features.districts"),
          later("/:category/:subcategory", "pages.district", "features.districts"),
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
