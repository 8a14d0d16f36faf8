// The scene document's item lists, apart from their schemas (items.ts): the 3D engine reads
// them, and the viewer's early start must not load zod for a list of names.

/** The lists that hold placed items, in the order the editor's outline shows them. */
export const SCENE_ITEM_LISTS = [
  "pictures",
  "videos",
  "texts3d",
  "models3d",
  "portals",
  "infoPoints",
  "props",
  "liveVideos",
  "webViews3d",
] as const;
export type SceneItemList = (typeof SCENE_ITEM_LISTS)[number];
