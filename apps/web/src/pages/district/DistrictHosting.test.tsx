// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import type { DistrictContext } from "./DistrictHomePage";
import { DistrictHostingRequests } from "./DistrictHosting";
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
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      }),
    );
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <DistrictHostingRequests context={context} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const row = await screen.findByTestId("hosting-request");
    expect(within(row).getByText("Harbour gallery")).toBeTruthy();
    expect(within(row).getByText("From Mira Maker")).toBeTruthy();
    expect(within(row).getByText("Would it fit?")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Accept" }));
    await waitFor(() =>
      expect(within(screen.getByTestId("hosting-request")).getByText("Accepted")).toBeTruthy(),
    );
    expect(calls).toContain("POST /api/userService/district/d1/hosting/r1/accept");
  });
});
