import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "@fontsource/urbanist/400.css";
import "@fontsource/urbanist/500.css";
import "@fontsource/urbanist/600.css";
import "@fontsource/urbanist/700.css";
import "@fontsource/urbanist/800.css";
import "./app/global.css";
import { hydrate } from "@tanstack/react-query";
import { StrictMode, useEffect, useRef } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from "react-router";
import { takeEarlyClick } from "./app/early-click";
import { createQueryClient, Providers } from "./app/providers";
import { buildRoutes } from "./app/routes";
import { runtimeConfig } from "./app/runtime-config";
import { retireShellTitle } from "./app/shell-title";
import { initI18n, loadExternalTranslations } from "./i18n";
import { districtSubdomainOf } from "./pages/district/district-host";

/** The query cache a prerendered page was rendered with (scripts/prerender.mjs writes it). */
const PRERENDERED_STATE_ID = "atrium-query-state";

async function start() {
  // when the app's code began (a prerendered page was painted before it: scripts/prerender.mjs)
  performance.mark("atrium:app-start");
  const i18n = await initI18n();
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from index.html");
  const queryClient = createQueryClient();
  const routes = buildRoutes({
    districtSubdomain: districtSubdomainOf(location.hostname, runtimeConfig.baseDomain),
  });

  // a prerendered page already shows its content: hydrate it with the same data and the same
  // route modules it was rendered with, so React adopts the HTML instead of replacing it
  const prerenderedState = document.getElementById(PRERENDERED_STATE_ID)?.textContent;
  const prerendered = Boolean(prerenderedState && root.firstElementChild);
  if (prerendered && prerenderedState) {
    hydrate(queryClient, JSON.parse(prerenderedState));
    await loadMatchedRouteModules(routes);
  }

  const earlyClick = prerendered ? takeEarlyClick() : null;
  const app = (
    <StrictMode>
      <Providers i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </Providers>
      <MarkAppReady
        onReady={() => {
          if (earlyClick?.isConnected) earlyClick.click();
        }}
      />
    </StrictMode>
  );
  if (prerendered) hydrateRoot(root, app);
  else {
    retireShellTitle(document.head);
    createRoot(root).render(app);
  }
  // after the first render: a translation arriving mid-hydration would not match the HTML
  void loadExternalTranslations(runtimeConfig.translationsUrl);
}

/**
 * Marks the document once React has rendered or hydrated it: a prerendered page is visible
 * before its buttons work, and tests (and anyone curious) can wait for this instead.
 */
function MarkAppReady({ onReady }: { onReady: () => void }) {
  const ready = useRef(onReady);
  useEffect(() => {
    if (document.documentElement.dataset.appReady) return;
    document.documentElement.dataset.appReady = "true";
    ready.current();
  }, []);
  return null;
}

/** Resolves the lazy route modules of the current URL before the router starts. */
async function loadMatchedRouteModules(routes: RouteObject[]) {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

void start();
