import { describe, expect, it } from "vitest";
import { updateItem } from "./commands/items";
import { SceneDocumentSchema } from "./document";
import { createEmptySceneDocument } from "./empty";
import { Model3dItemSchema } from "./items";
import {
  ALL_CLIPS,
  animationChoiceOf,
  animationPlayback,
  clipNameOf,
  clipsToPlay,
} from "./model-animation";

const model = (extra: Record<string, unknown> = {}) => ({
  id: "m1",
  assetId: "asset-1",
  position: [0, 0, 0],
  levelId: "level-1",
  ...extra,
});

describe("a model item's animation choice (schema)", () => {
  it("defaults to none, and keeps documents written before the choice (a clip's name or null)", () => {
    expect(Model3dItemSchema.parse(model()).animation).toBeNull();
    expect(Model3dItemSchema.parse(model({ animation: "walk" })).animation).toBe("walk");
    expect(Model3dItemSchema.parse(model({ animation: null })).animation).toBeNull();
  });

  it("stores all clips as { all: true }", () => {
    expect(Model3dItemSchema.parse(model({ animation: ALL_CLIPS })).animation).toEqual({
      all: true,
    });
  });

  it.each([
    ["all: false", { all: false }],
    ["an unknown key", { all: true, speed: 2 }],
    ["a number", 3],
    ["a list", ["walk"]],
    ["a name over 200 characters", "x".repeat(201)],
  ])("refuses %s, naming the field", (_label, animation) => {
    const result = Model3dItemSchema.safeParse(model({ animation }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe("animation");
  });

  it("is set on a placed model by the editor's command and survives the document's validation", () => {
    const document = createEmptySceneDocument();
    const levelId = document.customSpace?.levels[0]?.id as string;
    document.models3d.push(Model3dItemSchema.parse(model({ levelId })));
    const command = updateItem(document, { list: "models3d", id: "m1" }, { animation: ALL_CLIPS });
    expect(command.ops).toEqual([
      { op: "set", path: ["models3d", 0, "animation"], value: { all: true } },
    ]);
    const stored = { ...document, models3d: [{ ...document.models3d[0], animation: ALL_CLIPS }] };
    expect(SceneDocumentSchema.parse(stored).models3d[0]?.animation).toEqual({ all: true });
    expect(() =>
      updateItem(document, { list: "models3d", id: "m1" }, { animation: { all: "yes" } }),
    ).toThrow();
  });
});

describe("which clips play (rule)", () => {
  const names = ["idle", "walk", "wave"];

  it("none plays nothing", () => {
    expect(clipsToPlay(null, names)).toEqual([]);
    expect(clipsToPlay(undefined, names)).toEqual([]);
    expect(clipsToPlay("", names)).toEqual([]);
  });

  it("one plays that clip, and nothing when the model no longer has it", () => {
    expect(clipsToPlay("walk", names)).toEqual(["walk"]);
    expect(clipsToPlay("run", names)).toEqual([]);
  });

  it("all plays every clip", () => {
    expect(clipsToPlay(ALL_CLIPS, names)).toEqual(names);
    expect(clipsToPlay(ALL_CLIPS, [])).toEqual([]);
  });

  it("reads and writes the stored choice", () => {
    expect(animationPlayback(null)).toEqual({ mode: "none" });
    expect(animationPlayback("walk")).toEqual({ mode: "one", clip: "walk" });
    expect(animationPlayback(ALL_CLIPS)).toEqual({ mode: "all" });
    for (const choice of [null, "walk", ALL_CLIPS])
      expect(animationChoiceOf(animationPlayback(choice))).toEqual(choice);
  });

  it("names an unnamed clip as three.js's loader does", () => {
    expect(clipNameOf("wave", 2)).toBe("wave");
    expect(clipNameOf("", 2)).toBe("animation_2");
    expect(clipNameOf(undefined, 0)).toBe("animation_0");
  });
});
