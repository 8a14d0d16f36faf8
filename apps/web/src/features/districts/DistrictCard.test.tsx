// @vitest-environment happy-dom
import type { District } from "@atrium/domain";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import "../spaces/catalogue";
import { DistrictCard } from "./DistrictCard";

const district = {
  districtId: "d1",
  subdomain: "harbour",
  title: "Harbour Quarter",
  subtitle: "Ships and sails",
  styles: "{}",
  public: true,
  coverPhoto: null,
  photo: null,
  owner: { userId: "o1", name: "Vera Owner", profilePicture: null },
  isOwner: false,
  districtUserRole: null,
  followers: 1,
  follows: false,
} as unknown as District;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

async function show(signedIn: boolean, shown: District = district) {
  await initI18n();
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push(`${init?.method ?? "GET"} ${url.pathname}`);
      if (url.pathname === "/api/auth/session")
        return json(signedIn ? { user: { userId: "u1", name: "Ann" } } : { user: null });
      if (init?.method === "POST") return json({ districtId: "d1", follows: true, followers: 2 });
      return json({ districtId: "d1", follows: false, followers: 1 });
    }),
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={["/explore?tab=districts"]}>
          <DistrictCard district={shown} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return calls;
}

describe("a district card in explore", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("links to the district's own site and follows it in one call", async () => {
    const calls = await show(true);
    // the cover and the title both lead to the district's site
    for (const link of screen.getAllByRole("link", { name: "Harbour Quarter" }))
      expect(link.getAttribute("href")).toMatch(/^http:\/\/harbour\.[^/]+\/$/);
    expect(screen.getByTestId("district-followers").textContent).toBe("1 follower");
    fireEvent.click(await screen.findByRole("button", { name: "Follow" }));
    await screen.findByRole("button", { name: "Unfollow" });
    expect(screen.getByTestId("district-followers").textContent).toBe("2 followers");
    // its follow state came with the district: only the follow itself was asked for
    expect(calls.filter((call) => call.includes("districtfollow"))).toEqual([
      "POST /api/socialInteractionService/districtfollow",
    ]);
  });

  it("sends a signed-out visitor to sign in, coming back to explore", async () => {
    await show(false);
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "Follow" }).getAttribute("href")).toBe(
        "/login?returnTo=%2Fexplore%3Ftab%3Ddistricts",
      ),
    );
  });

  it("offers no follow on one's own district", async () => {
    await show(true, { ...district, isOwner: true, districtUserRole: "Owner" });
    expect(screen.getByText("Owner")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Follow" })).toBeNull();
  });
});
