import { WALL_HEIGHT_METRES } from "../constants";
import type { Level } from "./custom-space";
import { SCENE_DOCUMENT_VERSION, type SceneDocument } from "./document";

/** The floor a new level starts with: 20 m by 20 m around the origin. */
export const DEFAULT_FLOOR_HALF_SIZE_METRES = 10;

/** A level with a square floor and no walls. */
export function createLevel(id: string, name: string, elevation = 0): Level {
  const half = DEFAULT_FLOOR_HALF_SIZE_METRES;
  return {
    id,
    name,
    elevation,
    walls: [],
    floor: {
      materialId: null,
      color: "#d9d9d9",
      outline: [
        [-half, -half],
        [half, -half],
        [half, half],
        [-half, half],
      ],
    },
    ceiling: { materialId: null, color: "#ffffff", visible: true, height: WALL_HEIGHT_METRES },
  };
}

/** The empty custom scene `GET /scene/custom` answers: one level, no walls, nothing placed. */
export function createEmptySceneDocument(): SceneDocument {
  return {
    version: SCENE_DOCUMENT_VERSION,
    customSpace: {
      levels: [createLevel("level-1", "Level 1")],
      materialOverrides: [],
      skyId: null,
      terrainId: null,
      lighting: "day",
    },
    spaceTemplate: null,
    fonts: [],
    linkable: true,
    links: [],
    startingPosition: [0, 0, 0],
    startingRotation: [0, 0, 0],
    guidedTours: [],
    pictures: [],
    videos: [],
    texts3d: [],
    models3d: [],
    portals: [],
    infoPoints: [],
    props: [],
    liveVideos: [],
    webViews3d: [],
    atlasCount: 0,
  };
}
