// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meQueryKey } from "../../features/auth/use-me";
import { initI18n } from "../../i18n";
import { InvitationAcceptance } from "./InvitationAcceptance";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function show(signedIn: boolean, answer: Response) {
  await initI18n();
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      calls.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
      return answer.clone();
    }),
  );
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQueryKey, signedIn ? { userId: "u1", name: "Ivy" } : null);
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={["/?invitation_code=abcdefghijklmnopqrstuvwxyz"]}>
          <InvitationAcceptance subdomain="harbour" />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return calls;
}

describe("accepting a district invitation from its link", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks a signed-out visitor to sign in first, coming back to the link", async () => {
    const calls = await show(false, json(200, {}));
    expect(
      await screen.findByText("Sign in to accept your invitation to this District"),
    ).toBeTruthy();
    const link = screen.getByRole("link", { name: "Sign in" });
    expect(link.getAttribute("href")).toBe(
      `/login?returnTo=${encodeURIComponent("/?invitation_code=abcdefghijklmnopqrstuvwxyz")}`,
    );
    expect(calls).toEqual([]);
  });

  it("accepts for a signed-in visitor and says which role they have", async () => {
    const calls = await show(
      true,
      json(200, { districtId: "d1", subdomain: "harbour", role: "Creator" }),
    );
    expect(await screen.findByText("Welcome! You joined this District as Creator.")).toBeTruthy();
    expect(calls).toEqual([
      "POST /api/userService/district/accept-invitation/abcdefghijklmnopqrstuvwxyz",
    ]);
  });

  it("shows the server's reason when the link is used or expired", async () => {
    await show(
      true,
      json(410, { error: "Gone", message: "This invitation has already been used" }),
    );
    expect(await screen.findByText("This invitation has already been used")).toBeTruthy();
  });
});
