import { Outlet, useLocation } from "react-router";
import { useClearSessionEndingOnNavigation } from "../../features/auth/session-ending";
import { DraftLimitHost } from "../../features/draft-limit/DraftLimitHost";
import { isImmersivePath } from "../paths";
import { Footer } from "./Footer";
import { Header } from "./Header";

/** The page frame: header, page, footer; the editor and viewer take the whole window. */
export function Layout() {
  const { pathname } = useLocation();
  useClearSessionEndingOnNavigation();
  if (isImmersivePath(pathname))
    return (
      <>
        <Outlet />
        <DraftLimitHost />
      </>
    );
  return (
    <div style={{ minHeight: "100dvh", display: "flex", flexDirection: "column" }}>
      <Header />
      <main id="main" style={{ flex: 1, display: "flex", flexDirection: "column" }}>
        <Outlet />
      </main>
      <Footer />
      <DraftLimitHost />
    </div>
  );
}
