// The 3D engine: draws a scene document for the viewer and the editor. Load it only with a
// dynamic import from 3D routes (it brings three.js). API documented in README.md.

export { Vector3 } from "three";
export { COVER_SIZE, captureStartView } from "./capture";
export { defaultAssetSource, MissingAssetError } from "./core/asset-source";
export { type Body, type BoxCollider, moveBody, type SegmentCollider } from "./core/collide";
export { type DocumentDiff, diffDocuments } from "./core/diff";
export { createEngine, EYE_HEIGHT, WebGLUnavailableError } from "./core/engine";
export { TEXT_METRES_PER_SIZE } from "./core/items";
export { nearestFirst } from "./core/order";
export { QUALITY_PROFILES } from "./core/quality";
export { wallFrame, wallPieces } from "./core/walls";
export { EMOTE_SECONDS } from "./player/avatar";
export {
  createPlayer,
  type Player,
  type PlayerPortal,
  type PlayerPose,
  WALK_SPEED,
} from "./player/player";
export { RemoteAvatars, type RemoteVisitor } from "./player/remote-avatars";
export type * from "./types";
