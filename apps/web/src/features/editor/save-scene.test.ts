import { createEmptySceneDocument, type SceneDocument } from "@atrium/domain";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { InvalidDocumentError, StaleRevisionError, saveAsCopy, saveScene } from "./save-scene";
import type { SceneCalls } from "./scene-calls";

function fakeCalls(overrides: Partial<SceneCalls> = {}) {
  const order: string[] = [];
  const calls: SceneCalls = {
    createMetadata: vi.fn(async () => {
      order.push("createMetadata");
      return { sceneId: "new-1" };
    }),
    putContent: vi.fn(async (_id, body) => {
      order.push("putContent");
      return { revision: body.revision + 1 };
    }),
    ...overrides,
  };
  return { calls, order };
}

const now = new Date(2026, 10, 21, 9, 30, 0);

describe("saveScene", () => {
  it("creates a new scene: metadata first, then content, titled 'Untitled space' + date", async () => {
    const { calls, order } = fakeCalls();
    const result = await saveScene(
      { sceneId: null, revision: 0, title: "  ", document: createEmptySceneDocument() },
      calls,
      now,
    );
    expect(order).toEqual(["createMetadata", "putContent"]);
    expect(result).toMatchObject({ sceneId: "new-1", revision: 1, created: true });
    expect(result.title.startsWith("Untitled space ")).toBe(true);
  });

  it("saves an existing scene's title with its content and revision in one call", async () => {
    const { calls, order } = fakeCalls();
    const result = await saveScene(
      { sceneId: "s-1", revision: 4, title: "Gallery", document: createEmptySceneDocument() },
      calls,
      now,
    );
    expect(order).toEqual(["putContent"]);
    expect(calls.putContent).toHaveBeenCalledWith(
      "s-1",
      expect.objectContaining({ revision: 4, metadata: { title: "Gallery" } }),
    );
    expect(result).toMatchObject({ revision: 5, created: false });
  });

  it("reports a stale revision (409) instead of overwriting", async () => {
    const { calls } = fakeCalls({
      putContent: async () => {
        throw new ApiError(409, { error: "Conflict", message: "stale" });
      },
    });
    await expect(
      saveScene(
        { sceneId: "s-1", revision: 1, title: "A", document: createEmptySceneDocument() },
        calls,
      ),
    ).rejects.toBeInstanceOf(StaleRevisionError);
  });

  it("refuses to send a document the server would refuse", async () => {
    const { calls } = fakeCalls();
    const broken = {
      ...createEmptySceneDocument(),
      spaceTemplate: { templateId: "t", materialOverrides: [] },
    };
    await expect(
      saveScene(
        { sceneId: "s-1", revision: 1, title: "A", document: broken as SceneDocument },
        calls,
      ),
    ).rejects.toBeInstanceOf(InvalidDocumentError);
    expect(calls.putContent).not.toHaveBeenCalled();
  });

  it("saves a copy as a new scene", async () => {
    const { calls, order } = fakeCalls();
    const result = await saveAsCopy(
      { sceneId: "s-1", revision: 3, title: "Gallery", document: createEmptySceneDocument() },
      calls,
      now,
    );
    expect(order).toEqual(["createMetadata", "putContent"]);
    expect(result).toMatchObject({ sceneId: "new-1", title: "Gallery (copy)", created: true });
  });
});
