// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { initI18n } from "../../i18n";
import { RequireSignIn } from "./RequireSignIn";
import {
  clearSessionEnding,
  isSessionEnding,
  markSessionEnding,
  useClearSessionEndingOnNavigation,
} from "./session-ending";
import { meQueryKey } from "./use-me";

/** The part of the app's layout under test: it ends the flag on navigation. */
function LayoutProbe() {
  useClearSessionEndingOnNavigation();
  return <Outlet />;
}

async function renderSettingsSignedOut() {
  await initI18n();
  const queryClient = new QueryClient();
  // the account query has answered: nobody is signed in (any more)
  queryClient.setQueryData(meQueryKey, null);
  const router = createMemoryRouter(
    [
      {
        element: <LayoutProbe />,
        children: [
          { path: "/", element: <p>Home</p> },
          { path: "/settings", element: <RequireSignIn>{() => <p>Settings</p>}</RequireSignIn> },
          { path: "/login", element: <p>Sign-in page</p> },
        ],
      },
    ],
    { initialEntries: ["/settings?tab=account"] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

describe("RequireSignIn", () => {
  afterEach(() => {
    cleanup();
    clearSessionEnding();
  });

  it("sends a signed-out visitor to sign in, coming back afterwards", async () => {
    const router = await renderSettingsSignedOut();
    expect(await screen.findByText("Sign-in page")).toBeTruthy();
    expect(router.state.location.search).toBe("?returnTo=%2Fsettings%3Ftab%3Daccount");
  });

  it("does not send to sign in while the user is signing out or deleting the account", async () => {
    markSessionEnding();
    const router = await renderSettingsSignedOut();
    expect(await screen.findByText("Loading...")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/settings");
  });

  it("the flag ends once the next page is on screen, so later visits are guarded again", async () => {
    markSessionEnding();
    const router = await renderSettingsSignedOut();
    expect(await screen.findByText("Loading...")).toBeTruthy();
    await router.navigate("/");
    expect(isSessionEnding()).toBe(false);
    await router.navigate("/settings");
    expect(await screen.findByText("Sign-in page")).toBeTruthy();
  });
});
