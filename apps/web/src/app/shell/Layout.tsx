import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { useClearSessionEndingOnNavigation } from "../../features/auth/session-ending";
import { DraftLimitHost } from "../../features/draft-limit/DraftLimitHost";
import { isImmersivePath } from "../paths";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { useRouteFocus } from "./use-route-focus";

const MAIN_ID = "main";

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
  return (
    <div style={{ minHeight: "100dvh", display: "flex", flexDirection: "column" }}>
      <a className="atrium-skip-link" href={`#${MAIN_ID}`}>
        {t("nav.skipToContent")}
      </a>
      <Header />
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
    </div>
  );
}
