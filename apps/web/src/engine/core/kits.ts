// The engine's heavier parts that the room does not need, loaded on first use: a space's
// first frame needs three.js and the engine's core only (docs/viewer.md, "Loading").

type ModelKit = typeof import("./model-kit");
type TextKit = typeof import("./text-kit");

let modelKit: Promise<ModelKit> | null = null;
let textKit: Promise<TextKit> | null = null;

/** The glb loader and skinned clone (models, props, avatars). */
export function loadModelKit(): Promise<ModelKit> {
  modelKit ??= import("./model-kit").catch((error) => {
    modelKit = null; // a failed download may succeed later
    throw error;
  });
  return modelKit;
}

/** troika's text (3D texts). */
export function loadTextKit(): Promise<TextKit> {
  textKit ??= import("./text-kit").catch((error) => {
    textKit = null;
    throw error;
  });
  return textKit;
}
