import type { LibraryAsset, LibrarySection, SceneItemList } from "@atrium/domain";

// The kinds of content Add Content offers and where each comes from.

export const CONTENT_KINDS = [
  "pictures",
  "videos",
  "models3d",
  "texts3d",
  "hypertexts",
  "portals",
  "infoPoints",
  "webViews3d",
  "props",
] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** The library section behind a kind, when it has one (uploads go there). */
export const LIBRARY_SECTION_OF: Partial<Record<ContentKind, LibrarySection>> = {
  pictures: "images",
  videos: "videos",
  models3d: "3d-models",
  texts3d: "3d-texts",
  hypertexts: "3d-hypertexts",
  webViews3d: "webviews",
};

/** The document list a kind's items go to. */
export const LIST_OF: Record<ContentKind, SceneItemList> = {
  pictures: "pictures",
  videos: "videos",
  models3d: "models3d",
  texts3d: "texts3d",
  hypertexts: "texts3d",
  portals: "portals",
  infoPoints: "infoPoints",
  webViews3d: "webViews3d",
  props: "props",
};

/** Kinds that hang on walls. */
export const WALL_KINDS: readonly SceneItemList[] = ["pictures", "videos"];

/** What a dragged library card carries (dataTransfer type below). */
export const DRAG_TYPE = "application/x-atrium-content";
export interface DraggedContent {
  kind: ContentKind;
  asset: LibraryAsset | { propId: string; title: string } | { assetId: string; title: string };
}
