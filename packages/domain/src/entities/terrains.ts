// The built-in terrains, apart from their schema (catalogue-item.ts): the 3D engine draws them,
// and the viewer's early start must not load zod for five constants.
import type { TerrainItem } from "./catalogue-item";

/**
 * The built-in terrains (the asset service's terrain family lists them). Made of the catalogue's
 * materials and colours, so nothing new is stored; ids are stable (documents name them).
 */
export const TERRAINS: readonly TerrainItem[] = [
  { terrainId: "terrain-meadow", title: "Meadow", materialId: null, color: "#6b8f47" },
  { terrainId: "terrain-sand", title: "Sand", materialId: null, color: "#d8c49a" },
  { terrainId: "terrain-snow", title: "Snow", materialId: null, color: "#eef2f6" },
  {
    terrainId: "terrain-paving",
    title: "Stone paving",
    materialId: "material-concrete",
    color: "#ffffff",
  },
  {
    terrainId: "terrain-plaza",
    title: "Terracotta plaza",
    materialId: "material-terracotta-tiles",
    color: "#ffffff",
  },
];

export function terrainById(terrainId: string | null | undefined): TerrainItem | undefined {
  return terrainId ? TERRAINS.find((terrain) => terrain.terrainId === terrainId) : undefined;
}
