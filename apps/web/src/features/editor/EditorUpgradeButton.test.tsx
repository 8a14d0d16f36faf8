// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EditorUpgradeButton } from "./EditorUpgradeButton";

// Spec 1 §2: the editor's Upgrade opens the District setup; in a district's space only its
// owner has the district upgrade option (spec 1 §6).

function show(districtId: string | null, role: "Owner" | "Creator") {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: URL | string) => {
      const url = new URL(String(input));
      calls.push(`${url.pathname}${url.search}`);
      return new Response(
        JSON.stringify({ districtId, isOwner: role === "Owner", districtUserRole: role }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    }),
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <EditorUpgradeButton districtId={districtId} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return calls;
}

describe("the editor's Upgrade", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("opens the district wizard to create a district from a space of one's own", async () => {
    const calls = show(null, "Owner");
    expect(screen.getByRole("link", { name: "Upgrade" }).getAttribute("href")).toBe(
      "/district-wizard",
    );
    expect(calls).toEqual([]);
  });

  it("opens the district's own wizard for the owner of the space's district", async () => {
    const calls = show("d1", "Owner");
    const link = await screen.findByRole("link", { name: "Upgrade" });
    expect(link.getAttribute("href")).toBe("/district-wizard?districtId=d1");
    expect(calls).toEqual(["/api/userService/district/info?id=d1"]);
  });

  it("is not offered to a creator in someone else's district", async () => {
    const calls = show("d1", "Creator");
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("link", { name: "Upgrade" })).toBeNull();
  });
});
