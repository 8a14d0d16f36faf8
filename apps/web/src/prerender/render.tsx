import { dehydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { apiQueryKey } from "../api/cms";
import { createQueryClient, Providers } from "../app/providers";
import { buildRoutes } from "../app/routes";
import { type RuntimeConfig, runtimeConfig } from "../app/runtime-config";
import { initI18n } from "../i18n";

export { prerenderPlan } from "./plan";

// The build's entry for prerendering (scripts/prerender.mjs): renders one page to HTML with
// the API answers it needs already in its query cache, and hands back that cache for the
// browser to hydrate from.

let i18nReady: ReturnType<typeof initI18n> | null = null;

/** React's marker of a Suspense boundary rendered as its fallback. */
const PENDING_BOUNDARY = /<!--\$[?!]-->/;

export interface RenderedPage {
  html: string;
  /** The query cache, for the browser to start from (dehydrated TanStack Query state). */
  state: unknown;
  status: number;
}

export async function render(
  url: string,
  data: Record<string, unknown>,
  config: RuntimeConfig,
): Promise<RenderedPage> {
  // the settings the server will write into the page: the footer reads them while rendering
  Object.assign(runtimeConfig, config);
  i18nReady ??= initI18n();
  const i18n = await i18nReady;
  const queryClient = createQueryClient();
  for (const [path, body] of Object.entries(data))
    queryClient.setQueryData(apiQueryKey(path), body);

  const handler = createStaticHandler(buildRoutes({ districtSubdomain: null }));
  const context = await handler.query(new Request(new URL(url, "http://prerender.invalid")));
  if (context instanceof Response) throw new Error(`${url} answers ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <Providers i18n={i18n} queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>
  );
  // a lazily loaded part renders its (empty) fallback until its code has loaded: render again
  // once it has, so the HTML is complete and needs no inline script to finish it
  let html = renderToString(page);
  for (let attempt = 0; PENDING_BOUNDARY.test(html); attempt++) {
    if (attempt === 10) throw new Error(`${url}: a lazily loaded part never finished loading`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    html = renderToString(page);
  }
  return { html, state: dehydrate(queryClient), status: context.statusCode };
}
