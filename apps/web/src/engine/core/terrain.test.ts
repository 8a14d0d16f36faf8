import { type CustomSpace, createEmptySceneDocument, type Surface } from "@atrium/domain";
import { MeshStandardMaterial } from "three";
import { describe, expect, it } from "vitest";
import { buildRoom, buildTerrain } from "./room";

const materials = () => {
  const asked: Surface[] = [];
  return {
    asked,
    get: (surface: Surface) => {
      asked.push(surface);
      return new MeshStandardMaterial();
    },
  };
};
const space = (terrainId: string | null): CustomSpace => ({
  ...(createEmptySceneDocument().customSpace as CustomSpace),
  terrainId,
});

describe("the terrain", () => {
  it("is drawn below the lowest floor with the terrain's finish, wider than the space", () => {
    const finishes = materials();
    const mesh = buildTerrain(space("terrain-paving"), finishes);
    expect(mesh).not.toBeNull();
    expect(mesh?.position.y).toBeLessThan(0);
    expect(finishes.asked).toEqual([{ materialId: "material-concrete", color: "#ffffff" }]);
    mesh?.geometry.computeBoundingBox();
    const box = mesh?.geometry.boundingBox;
    expect((box?.max.x ?? 0) - (box?.min.x ?? 0)).toBeGreaterThan(100);
  });

  it("is not drawn without a terrain (or with an unknown one), and is part of the room when set", () => {
    expect(buildTerrain(space(null), materials())).toBeNull();
    expect(buildTerrain(space("terrain-gone"), materials())).toBeNull();
    const room = buildRoom(space("terrain-meadow"), materials());
    expect(room.group.children.some((child) => child.name === "terrain:terrain-meadow")).toBe(true);
    room.dispose();
  });
});
