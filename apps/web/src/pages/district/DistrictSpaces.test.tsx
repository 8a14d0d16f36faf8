// @vitest-environment happy-dom
import { messages } from "@atrium/domain";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { NoSlotNotice } from "./DistrictSpaces";

const slot = (kind: string, districtId: string | null) => ({
  slotId: `${kind}-${districtId}`,
  kind,
  districtId,
  active: true,
  sceneId: null,
});

async function notice(available: unknown[]) {
  await initI18n();
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify(available), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    ),
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <NoSlotNotice districtId="d1" />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe("a creator's slot notice in the district's drafts", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks for a slot when the creator holds only slots of their own or of another district", async () => {
    await notice([slot("free", null), slot("district", "d2")]);
    expect((await screen.findByTestId("ask-owner-for-slot")).textContent).toBe(
      messages.district.askOwnerForSlot,
    );
  });

  it("says nothing when the owner gave the creator a slot of this district", async () => {
    await notice([slot("free", null), slot("district", "d1")]);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId("ask-owner-for-slot")).toBeNull();
  });
});
