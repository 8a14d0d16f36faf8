import {
  addItem,
  type LibraryAsset,
  type SceneCommand,
  type SceneDocument,
  type Vec3,
} from "@atrium/domain";
import { TextAssetSchema } from "@atrium/domain/entities/text-asset";
import type { ContentKind } from "./content-kinds";
import { newId } from "./ids";
import { defaultFloorPosition, defaultWallPlacement, type WallPlacement } from "./placement";

export type ContentSource =
  | { kind: "library"; asset: LibraryAsset }
  | { kind: "prop"; propId: string; title: string }
  | { kind: "portal"; assetId: string; title: string }
  | { kind: "text"; content: string; hyperText: boolean }
  | { kind: "infoPoint"; title: string }
  | { kind: "webView"; url: string; title: string };

export interface Placement {
  position: Vec3;
  rotation?: Vec3;
  wallId?: string;
}

/** Where new content of a kind goes when no point was picked: on a wall or in the room. */
export function defaultPlacement(
  document: SceneDocument,
  levelId: string,
  kind: ContentKind,
): Placement {
  if (kind === "pictures" || kind === "videos") {
    const onWall: WallPlacement | null = defaultWallPlacement(document, levelId);
    if (onWall) return onWall;
    return { position: defaultFloorPosition(document, levelId, 1.6) };
  }
  const height =
    kind === "texts3d" || kind === "hypertexts" ? 1.5 : kind === "webViews3d" ? 1.6 : 0;
  return { position: defaultFloorPosition(document, levelId, height) };
}

/**
 * A placement's position raised to where its kind stands above the floor (texts at reading
 * height, web views at eye height); what hangs on a wall keeps its height.
 */
export function standingHeight(kind: ContentKind, placement: Placement): Vec3 {
  const [x, y, z] = placement.position;
  if (placement.wallId) return [x, y, z];
  const height =
    kind === "texts3d" || kind === "hypertexts" ? 1.5 : kind === "webViews3d" ? 1.6 : 0;
  return [x, y + height, z];
}

/**
 * The command that places content: the item gets a fresh id, the level, the placement and the
 * fields its kind needs from its source. Returns the new item's id with the command.
 */
export function placeContent(
  document: SceneDocument,
  levelId: string,
  kind: ContentKind,
  source: ContentSource,
  placement: Placement,
): { command: SceneCommand; id: string } {
  const id = newId(kind);
  const base = {
    id,
    levelId,
    position: placement.position,
    rotation: placement.rotation ?? [0, 0, 0],
    ...(placement.wallId ? { wallId: placement.wallId } : {}),
  };
  const title = "asset" in source ? source.asset.title : "title" in source ? source.title : "";
  const command = ((): SceneCommand => {
    switch (kind) {
      case "pictures":
      case "videos":
      case "models3d":
        if (source.kind !== "library") throw new Error(`${kind} come from the library`);
        return addItem(document, kind, { ...base, title, assetId: source.asset.assetId });
      case "texts3d":
      case "hypertexts": {
        if (source.kind === "library" && source.asset.family === "text3d") {
          return addItem(document, "texts3d", {
            ...base,
            title,
            assetId: source.asset.assetId,
            text: source.asset.text,
          });
        }
        const content = source.kind === "text" ? source.content : "Text";
        return addItem(document, "texts3d", {
          ...base,
          text: TextAssetSchema.parse({ content, hyperText: kind === "hypertexts" }),
        });
      }
      case "portals":
        if (source.kind !== "portal") throw new Error("portals come from the portal styles");
        return addItem(document, "portals", { ...base, title, assetId: source.assetId });
      case "infoPoints":
        return addItem(document, "infoPoints", {
          ...base,
          title: title || "Info point",
          position: lift(base.position, 1.2),
        });
      case "webViews3d":
        if (
          source.kind !== "webView" &&
          !(source.kind === "library" && source.asset.family === "webview3d")
        )
          throw new Error("web views need a URL");
        return addItem(document, "webViews3d", {
          ...base,
          title,
          url: source.kind === "webView" ? source.url : (source.asset as { url: string }).url,
          ...(source.kind === "library" ? { assetId: source.asset.assetId } : {}),
        });
      case "props":
        if (source.kind !== "prop") throw new Error("props come from the catalogue");
        return addItem(document, "props", { ...base, title, propId: source.propId });
    }
  })();
  return { command, id };
}

function lift(position: Vec3, height: number): Vec3 {
  return [position[0], position[1] + height, position[2]];
}
