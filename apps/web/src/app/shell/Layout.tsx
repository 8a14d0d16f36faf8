import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { useClearSessionEndingOnNavigation } from "../../features/auth/session-ending";
import { DraftLimitHost } from "../../features/draft-limit/DraftLimitHost";
import { districtSubdomainOf } from "../../pages/district/district-host";
import { isImmersivePath } from "../paths";
import { runtimeConfig } from "../runtime-config";
import { Footer } from "./Footer";
import { Header, shellParts } from "./Header";
import { useRouteFocus } from "./use-route-focus";

const MAIN_ID = "main";
// a district subdomain's header and look (spec 1 §2), loaded only there
const DistrictChrome = lazy(() => import("../../pages/district/DistrictChrome"));

/** The page frame: header, page, footer; the editor and viewer take the whole window. */
export function Layout() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  useClearSessionEndingOnNavigation();
  useRouteFocus(MAIN_ID);
  if (isImmersivePath(pathname))
    return (
      <>
        <Outlet />
        <DraftLimitHost />
      </>
    );
  const skipLink = (
    <a className="atrium-skip-link" href={`#${MAIN_ID}`}>
      {t("nav.skipToContent")}
    </a>
  );
  const page = (
    <>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        data-route-focus=""
        style={{ flex: 1, display: "flex", flexDirection: "column" }}
      >
        <Outlet />
      </main>
      <Footer />
      <DraftLimitHost />
    </>
  );
  const district =
    typeof location === "undefined"
      ? null
      : districtSubdomainOf(location.hostname, runtimeConfig.baseDomain);
  if (district)
    return (
      <Suspense fallback={null}>
        <DistrictChrome subdomain={district} skipLink={skipLink} shell={shellParts}>
          {page}
        </DistrictChrome>
      </Suspense>
    );
  return (
    <div style={{ minHeight: "100dvh", display: "flex", flexDirection: "column" }}>
      {skipLink}
      <Header />
      {page}
    </div>
  );
}
