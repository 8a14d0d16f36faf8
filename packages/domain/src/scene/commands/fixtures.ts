import type { SceneDocument } from "../document";
import { createEmptySceneDocument } from "../empty";

/** A custom space with one 8 x 6 m room on level-1 and a picture hung on its north wall. */
export function roomDocument(): SceneDocument {
  const document = createEmptySceneDocument();
  const level = document.customSpace?.levels[0];
  if (!level) throw new Error("the empty document has a level");
  level.walls = [
    wall("north", [-4, -3], [4, -3]),
    wall("east", [4, -3], [4, 3]),
    wall("south", [4, 3], [-4, 3]),
    wall("west", [-4, 3], [-4, -3]),
  ];
  document.pictures = [
    {
      id: "picture-1",
      title: "Sunflowers",
      description: "",
      assetId: "asset-1",
      position: [0, 1.6, -2.9],
      rotation: [0, 0, 0],
      scale: [1, 1, 1],
      levelId: level.id,
      wallId: "north",
      locked: false,
    },
  ];
  return document;
}

function wall(id: string, start: [number, number], end: [number, number]) {
  return {
    id,
    start,
    end,
    height: 4,
    thickness: 0.2,
    openings: [],
    left: { materialId: null, color: "#ffffff" },
    right: { materialId: null, color: "#ffffff" },
  };
}
