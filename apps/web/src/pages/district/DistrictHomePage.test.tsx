// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { DistrictHomePage } from "./DistrictHomePage";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const access = (allowed: boolean) => ({
  districtId: "d1",
  subdomain: "harbour",
  title: allowed ? "Harbour Quarter" : "",
  access: allowed,
  role: null,
  isOwner: false,
  canCreateSpaces: false,
  message: allowed ? null : "You don't have access to this District",
});

const district = {
  districtId: "d1",
  subdomain: "harbour",
  title: "Harbour Quarter",
  subtitle: "Ships and sails",
  description: "A district by the sea",
  photo: null,
  coverPhoto: null,
  styles: '{"theme":"#224466","fontFamily":"Urbanist"}',
  public: true,
  visible: true,
  listed: true,
  active: true,
  userId: "u1",
  owner: { userId: "u1", name: "Vera Owner", profilePicture: null },
  isOwner: false,
  districtUserRole: null,
  districtMembers: [],
  groups: [],
  followers: 0,
  socialMedia: [],
};

async function show(answers: Record<string, Response>) {
  await initI18n();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: URL | string) => {
      const url = new URL(String(input));
      const answer =
        answers[url.pathname] ??
        (url.pathname === "/api/auth/session"
          ? json(200, { user: null, needsProfile: false })
          : undefined);
      return answer ? answer.clone() : json(404, { error: "Not Found", message: "Not found" });
    }),
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <DistrictHomePage subdomain="harbour" />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe("the district home page", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the district in its theme colour, with text that reads on it", async () => {
    await show({
      "/api/userService/district/access/harbour": json(200, access(true)),
      "/api/userService/district/info": json(200, district),
    });
    expect(await screen.findByRole("heading", { name: "Harbour Quarter" })).toBeTruthy();
    expect(screen.getByText("Ships and sails")).toBeTruthy();
    expect(screen.getByText("A district by the sea")).toBeTruthy();
    const banner = screen.getByTestId("district-banner");
    expect(banner.style.background).toMatch(/#224466|rgb\(34, 68, 102\)/);
    expect(banner.style.color).toMatch(/#ffffff|rgb\(255, 255, 255\)/);
  });

  it("says 'You don't have access to this District' to visitors without access", async () => {
    await show({ "/api/userService/district/access/harbour": json(200, access(false)) });
    expect(
      await screen.findByRole("heading", { name: "You don't have access to this District" }),
    ).toBeTruthy();
  });

  it("says so for an unknown subdomain", async () => {
    await show({});
    expect(
      await screen.findByRole("heading", { name: "This District does not exist" }),
    ).toBeTruthy();
  });
});
