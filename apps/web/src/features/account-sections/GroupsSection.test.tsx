// @vitest-environment happy-dom
import type { PublicProfile } from "@atrium/domain";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { GroupsSection } from "./GroupsSection";

const profile = { userId: "u1", name: "Kim Keeper" } as PublicProfile;
const own = {
  groupId: "g1",
  districtId: null,
  title: "Book club",
  description: "Tuesdays",
  image: null,
  members: ["u2"],
};
const ofDistrict = { ...own, groupId: "g2", districtId: "d1", title: "Crew", members: ["u1"] };

async function show(isOwner: boolean, failing = "") {
  await initI18n();
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: URL | string) => {
      const url = new URL(String(input));
      calls.push(url.pathname);
      if (url.pathname === failing)
        return new Response(JSON.stringify({ message: "down" }), {
          status: 500,
          headers: { "content-type": "application/json" },
        });
      const body =
        url.pathname === "/api/userService/group/my"
          ? [own]
          : url.pathname === "/api/userService/group/me"
            ? [ofDistrict]
            : url.pathname === "/api/userService/group/user/u1"
              ? [{ ...own, members: undefined, memberCount: 1 }]
              : url.pathname.startsWith("/api/userService/user")
                ? [{ userId: "u2", name: "Max Member", profilePicture: null }]
                : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  render(
    <MantineProvider>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter>
          <GroupsSection profile={profile} isOwner={isOwner} title="Groups" />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return calls;
}

describe("the account's groups", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lets the owner make, edit and delete their own groups, and shows the groups they are in", async () => {
    await show(true);
    const card = await screen.findByTestId("account-group");
    expect(within(card).getByText("Book club")).toBeTruthy();
    expect(await within(card).findByText("Max Member")).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Edit" })).toBeTruthy();
    expect(await screen.findByText("Crew")).toBeTruthy();
    // the form opens in a dialog whose autosize textarea happy-dom cannot lay out: not opened here
    expect(screen.getByTestId("account-group-create").textContent).toBe("Create group");
  });

  it("says the owner's groups could not be read rather than that there are none", async () => {
    await show(true, "/api/userService/group/my");
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.queryByText("You have no groups yet.")).toBeNull();
    expect(await screen.findByText("Crew")).toBeTruthy();
  });

  it("shows a visitor the user's groups by title and size only", async () => {
    const calls = await show(false);
    expect(await screen.findByText("Book club")).toBeTruthy();
    expect(screen.getByText("1 member")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    expect(calls).toEqual(["/api/userService/group/user/u1"]);
  });
});
