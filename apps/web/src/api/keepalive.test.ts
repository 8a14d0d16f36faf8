// @vitest-environment happy-dom
import { createEmptySceneDocument } from "@atrium/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSceneContent } from "./spaces";

describe("saving scene content outlives the tab (issue 21 item 9)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the save with keepalive when it fits the browsers' 64 KB, with its revision", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ revision: 4 }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    await saveSceneContent("s1", { revision: 3, document: createEmptySceneDocument() });
    const [, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(init.keepalive).toBe(true);
    expect(init.method).toBe("PUT");
    expect(JSON.parse(String(init.body)).revision).toBe(3);
  });

  it("a larger document goes as an ordinary request", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ revision: 4 }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const document = { ...createEmptySceneDocument(), fonts: ["x".repeat(70_000)] };
    await saveSceneContent("s1", { revision: 3, document });
    const [, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(init.keepalive).toBeUndefined();
  });
});
