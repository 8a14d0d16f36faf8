// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { shellParts } from "../../app/shell/Header";
import { initI18n } from "../../i18n";
import DistrictChrome from "./DistrictChrome";

// The district header (spec 1 §2): it replaces the shell's, hides explore, pricing, contact
// and resources, shows Upgrade to the owner only and Create Space to owners and creators.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const me = {
  userId: "u2",
  name: "Cleo Creator",
  email: "cleo@example.test",
  profilePicture: null,
  planLabel: "FREE",
};

function access(role: "Owner" | "Creator" | "Guest" | null) {
  return {
    districtId: "d1",
    subdomain: "harbour",
    title: "Harbour Quarter",
    access: true,
    role,
    isOwner: role === "Owner",
    canCreateSpaces: role === "Owner" || role === "Creator",
    message: null,
  };
}

const district = {
  districtId: "d1",
  subdomain: "harbour",
  title: "Harbour Quarter",
  styles: '{"theme":"#224466","fontFamily":"Georgia, serif"}',
  userId: "u1",
  owner: { userId: "u1", name: "Vera Owner", profilePicture: null },
};

async function show(role: "Owner" | "Creator" | "Guest" | null, signedIn: boolean) {
  await initI18n();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: URL | string) => {
      const path = new URL(String(input)).pathname;
      if (path === "/api/auth/session")
        return json(200, { user: signedIn ? me : null, needsProfile: false });
      if (path === "/api/userService/district/access/harbour") return json(200, access(role));
      if (path === "/api/userService/district/info") return json(200, district);
      return json(404, { error: "Not Found", message: "Not found" });
    }),
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <DistrictChrome subdomain="harbour" skipLink={null} shell={shellParts}>
            <main>page</main>
          </DistrictChrome>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const header = await screen.findByTestId("district-header");
  await within(header).findByText("Harbour Quarter");
  return header;
}

describe("the district header", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the owner Upgrade, Create Space and Manage, the district's sections and no platform links", async () => {
    const header = await show("Owner", true);
    expect(await within(header).findByRole("button", { name: "Create Space" })).toBeTruthy();
    expect(within(header).getByRole("link", { name: "Upgrade" }).getAttribute("href")).toBe(
      "/district-wizard?districtId=d1",
    );
    expect(within(header).getByRole("link", { name: "Manage" })).toBeTruthy();
    for (const name of ["Explore", "Pricing", "Contact us", "Resources", "Solutions"])
      expect(within(header).queryByRole("link", { name })).toBeNull();
    const frame = header.parentElement as HTMLElement;
    expect(frame.style.fontFamily).toBe("Georgia, serif");
  });

  it("dresses the whole document in the district's colour and font while shown", async () => {
    await show("Guest", true);
    const root = document.documentElement.style;
    // dialogs, drawers and menus (portals outside the frame) and the footer read these
    await waitFor(() =>
      expect(root.getPropertyValue("--mantine-color-atrium-filled")).toBe("#224466"),
    );
    expect(root.getPropertyValue("--mantine-primary-color-filled")).toBe("#224466");
    expect(root.getPropertyValue("--atrium-text-on-brand")).toBe("#ffffff");
    expect(root.getPropertyValue("--mantine-font-family")).toBe("Georgia, serif");
    // leaving the district's site gives the platform its own look back
    cleanup();
    expect(root.getPropertyValue("--mantine-color-atrium-filled")).toBe("");
    expect(root.getPropertyValue("--mantine-font-family")).toBe("");
  });

  it("a creator creates but does not upgrade or manage", async () => {
    const header = await show("Creator", true);
    expect(await within(header).findByRole("button", { name: "Create Space" })).toBeTruthy();
    expect(within(header).queryByRole("link", { name: "Upgrade" })).toBeNull();
    expect(within(header).queryByRole("link", { name: "Manage" })).toBeNull();
  });

  it("a guest and a signed-out visitor see neither Create Space nor Upgrade", async () => {
    for (const [role, signedIn] of [
      ["Guest", true],
      [null, false],
    ] as const) {
      const header = await show(role, signedIn);
      expect(within(header).getByRole("link", { name: "Members" })).toBeTruthy();
      expect(within(header).queryByRole("button", { name: "Create Space" })).toBeNull();
      expect(within(header).queryByRole("link", { name: "Upgrade" })).toBeNull();
      cleanup();
    }
  });
});
