// @vitest-environment happy-dom
import type { PublicProfile } from "@atrium/domain";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { MyDistrictsSection } from "./DistrictsSections";

const district = {
  districtId: "d1",
  subdomain: "harbour",
  title: "Harbour Quarter",
  subtitle: "Ships and sails",
  public: false,
  districtUserRole: "Owner",
};

async function show(isOwner: boolean) {
  await initI18n();
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: URL | string) => {
      urls.push(new URL(String(input)).pathname + new URL(String(input)).search);
      return new Response(JSON.stringify([district]), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <MyDistrictsSection
            profile={{ userId: "u1" } as PublicProfile}
            isOwner={isOwner}
            title="My districts"
          />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return urls;
}

describe("the account's districts sections", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists the owner's districts, each linking to its own site", async () => {
    const urls = await show(true);
    const link = await screen.findByRole("link", { name: "Harbour Quarter" });
    expect(link.getAttribute("href")).toMatch(/^http:\/\/harbour\.[^/]+\/$/);
    expect(screen.getByText("Ships and sails · Owner · Private")).toBeTruthy();
    expect(urls).toEqual(["/api/userService/district/my?cp=0&ipp=9"]);
  });

  it("shows a visitor the user's listed districts", async () => {
    const urls = await show(false);
    await screen.findByRole("link", { name: "Harbour Quarter" });
    expect(urls).toEqual(["/api/userService/district/search?ownerId=u1&cp=0&ipp=9"]);
  });
});
