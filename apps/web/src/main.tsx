import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "@fontsource/urbanist/400.css";
import "@fontsource/urbanist/500.css";
import "@fontsource/urbanist/600.css";
import "@fontsource/urbanist/700.css";
import "@fontsource/urbanist/800.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { createQueryClient, Providers } from "./app/providers";
import { buildRoutes } from "./app/routes";
import { runtimeConfig } from "./app/runtime-config";
import { initI18n, loadExternalTranslations } from "./i18n";
import { districtSubdomainOf } from "./pages/district/district-host";

async function start() {
  const i18n = await initI18n();
  void loadExternalTranslations(runtimeConfig.translationsUrl);
  const router = createBrowserRouter(
    buildRoutes({
      districtSubdomain: districtSubdomainOf(location.hostname, runtimeConfig.baseDomain),
    }),
  );
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from index.html");
  createRoot(root).render(
    <StrictMode>
      <Providers i18n={i18n} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
