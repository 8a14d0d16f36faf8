// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { runDraftLimitCheck } from "./check";
import { closeDraftLimitDialog, getDraftLimitDialog } from "./store";

// The editor route's check: on 403 home and the 'Draft limit reached' dialog; on 401 sign-in.

const answer = (status: number, body: object) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  closeDraftLimitDialog();
});

describe("runDraftLimitCheck", () => {
  it("lets the editor open while drafts are left", async () => {
    vi.stubGlobal("fetch", answer(200, { draftCount: 1, limit: 2, canCreate: true }));
    const navigate = vi.fn();
    expect(await runDraftLimitCheck(navigate)).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    expect(getDraftLimitDialog().open).toBe(false);
  });

  it("sends the user home with the dialog on 403", async () => {
    vi.stubGlobal("fetch", answer(403, { error: "Forbidden", message: "Draft limit reached" }));
    const navigate = vi.fn();
    expect(await runDraftLimitCheck(navigate)).toBe(false);
    expect(navigate).toHaveBeenCalledWith("/");
    expect(getDraftLimitDialog().open).toBe(true);
  });

  it("sends signed-out people to sign up, back to the editor after", async () => {
    vi.stubGlobal("fetch", answer(401, { error: "Unauthorized", message: "Please sign in" }));
    const navigate = vi.fn();
    expect(await runDraftLimitCheck(navigate)).toBe(false);
    expect(String(navigate.mock.calls[0]?.[0])).toMatch(/^\/login\?mode=signup&returnTo=%2Fcurate/);
  });
});
