import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchEarlyData } from "./boot-data";

// The early start's data: the three calls the server preloads, asked for at once.

const answers: Record<string, unknown> = {
  "/api/sceneService/scene/metadata/s1": { sceneId: "s1", title: "Draft" },
  "/api/sceneService/scene/content/s1": { document: { version: 1 } },
  "/api/sceneService/sceneassets/s1?draft=true": [{ assetId: "a1", family: "picture" }],
};

function at(path: string, search = "") {
  vi.stubGlobal("location", { pathname: path, search });
  vi.stubGlobal("performance", { mark: vi.fn() });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("early data", () => {
  it("asks for the preloaded calls with the page's credentials and answers the space", async () => {
    at("/viewer/s1", "?draft=true");
    const fetch = vi.fn(
      async (url: string, _init?: RequestInit) => new Response(JSON.stringify(answers[url])),
    );
    vi.stubGlobal("fetch", fetch);
    const data = fetchEarlyData();
    expect(data).toMatchObject({ sceneId: "s1", draft: true, settled: false });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(Object.keys(answers));
    for (const [, init] of fetch.mock.calls)
      expect(init).toMatchObject({ credentials: "same-origin" });
    const scene = await data?.scene;
    expect(data?.settled).toBe(true);
    expect(scene?.metadata.title).toBe("Draft");
    expect(scene?.assets.get("a1")).toMatchObject({ family: "picture" });
  });

  it("answers the document without waiting for the placed assets", async () => {
    at("/viewer/s1", "?draft=true");
    let answerAssets: () => void = () => {};
    const assetsAnswered = new Promise<void>((resolve) => {
      answerAssets = resolve;
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.includes("sceneassets")) await assetsAnswered;
        return new Response(JSON.stringify(answers[url]));
      }),
    );
    const data = fetchEarlyData();
    const document = await data?.document;
    expect(document).toEqual({ version: 1 });
    expect(data?.settled).toBe(true);
    let whole = false;
    void data?.scene.then(() => {
      whole = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(whole).toBe(false);
    answerAssets();
    const scene = await data?.scene;
    // the same document object: the page knows the early start's room is this space's
    expect(scene?.document).toBe(document);
    expect(scene?.assets.get("a1")).toMatchObject({ family: "picture" });
  });

  it("rejects on an error answer, settled, without an unhandled rejection", async () => {
    at("/viewer/embed/s2");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 403 })),
    );
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      const data = fetchEarlyData();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(data?.settled).toBe(true);
      await expect(data?.document).rejects.toThrow("403");
      await expect(data?.scene).rejects.toThrow("403");
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("is null on pages that are not a space's viewer", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    for (const path of ["/", "/explore", "/viewer", "/viewer/embed"]) {
      at(path);
      expect(fetchEarlyData()).toBeNull();
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});
