// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import type { DistrictContext } from "./DistrictHomePage";
import { DistrictHostingRequests, OfferSpaceButton } from "./DistrictHosting";
import { districtLook } from "./district-look";

const request = {
  requestId: "r1",
  districtId: "d1",
  districtTitle: "Harbour Quarter",
  subdomain: "harbour",
  sceneId: "s1",
  sceneTitle: "Harbour gallery",
  sceneState: "Published",
  thumbnailUri: null,
  requester: { userId: "u2", name: "Mira Maker" },
  message: "Would it fit?",
  state: "pending",
  createdAt: "2026-11-26T10:00:00.000Z",
  decidedAt: null,
};

const context = {
  district: { districtId: "d1", title: "Harbour Quarter" },
  access: { role: "Owner" },
  look: districtLook({ theme: "#224466" }),
} as unknown as DistrictContext;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

function showRequests() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <DistrictHostingRequests context={context} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe("the owner's hosting requests", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists a request with its maker and message, and accepts it in one call", async () => {
    await initI18n();
    const calls: string[] = [];
    let answered = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: URL | string, init?: RequestInit) => {
        const url = new URL(String(input));
        calls.push(`${init?.method ?? "GET"} ${url.pathname}`);
        if (init?.method === "POST") answered = true;
        const state = answered ? "accepted" : "pending";
        const body = init?.method === "POST" ? { ...request, state } : [{ ...request, state }];
        return json(body);
      }),
    );
    showRequests();
    const row = await screen.findByTestId("hosting-request");
    expect(within(row).getByText("Harbour gallery")).toBeTruthy();
    expect(within(row).getByText(/^From Mira Maker, .* · published space$/)).toBeTruthy();
    expect(within(row).getByText("Would it fit?")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Accept" }));
    await waitFor(() =>
      expect(within(screen.getByTestId("hosting-request")).getByText("Accepted")).toBeTruthy(),
    );
    expect(calls).toContain("POST /api/userService/district/d1/hosting/r1/accept");
  });

  it("asks before declining, and declines only on Yes", async () => {
    await initI18n();
    const posts: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: URL | string, init?: RequestInit) => {
        const url = new URL(String(input));
        if (init?.method === "POST") posts.push(url.pathname);
        const body =
          init?.method === "POST"
            ? { ...request, state: "declined" }
            : [{ ...request, state: posts.length > 0 ? "declined" : "pending" }];
        return json(body);
      }),
    );
    showRequests();
    const row = await screen.findByTestId("hosting-request");
    fireEvent.click(within(row).getByRole("button", { name: "Decline" }));
    const confirm = await screen.findByTestId("confirm-dialog");
    expect(within(confirm).getByText("Decline hosting Harbour gallery?")).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "No" }));
    expect(posts).toEqual([]);
    fireEvent.click(within(row).getByRole("button", { name: "Decline" }));
    fireEvent.click(
      within(await screen.findByTestId("confirm-dialog")).getByRole("button", { name: "Yes" }),
    );
    await waitFor(() => expect(posts).toEqual(["/api/userService/district/d1/hosting/r1/decline"]));
  });
});

describe("offering a space", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  /** A signed-in visitor with no space; the draft-limit check answers `draftsLimit`. */
  function offerWithNoSpace(draftsLimit: Response) {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: URL | string) => {
        const { pathname } = new URL(String(input));
        if (pathname === "/api/auth/session")
          return json({ user: { userId: "u2", name: "Mira Maker" }, needsProfile: false });
        if (pathname.endsWith("/draftsLimit")) return draftsLimit;
        // no space of theirs, no request sent
        return json([]);
      }),
    );
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <Routes>
              <Route path="/" element={<OfferSpaceButton context={context} />} />
              <Route path="/curate" element={<p>The editor</p>} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.click(screen.getByTestId("offer-space"));
  }

  it("offers a visitor with no space to offer to create one, and opens the editor", async () => {
    await initI18n();
    offerWithNoSpace(json({ count: 0, limit: 3 }));
    expect(await screen.findByText("You have no space outside a District to offer.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Create a space" }));
    expect(await screen.findByText("The editor")).toBeTruthy();
  });

  it("closes the dialog when the visitor may make no more drafts (the limit's own dialog says so)", async () => {
    await initI18n();
    offerWithNoSpace(
      new Response(JSON.stringify({ message: "Draft limit reached" }), {
        status: 403,
        headers: { "content-type": "application/json" },
      }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Create a space" }));
    await waitFor(() =>
      expect(screen.queryByText("You have no space outside a District to offer.")).toBeNull(),
    );
    expect(screen.queryByText("The editor")).toBeNull();
  });
});
