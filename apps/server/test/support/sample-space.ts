import { type CustomSpace, CustomSpaceSchema } from "@atrium/domain";

/** Two rooms side by side: a door between them, windows on the outer walls. */
export function sampleSpace(): CustomSpace {
  const wall = (
    id: string,
    start: [number, number],
    end: [number, number],
    openings: object[] = [],
  ) => ({
    id,
    start,
    end,
    openings,
    left: { materialId: null, color: "#e8e2d6" },
    right: { materialId: "material-red-brick", color: "#ffffff" },
  });
  return CustomSpaceSchema.parse({
    levels: [
      {
        id: "ground",
        name: "Ground",
        floor: {
          outline: [
            [0, 0],
            [12, 0],
            [12, 8],
            [0, 8],
          ],
          materialId: "material-oak-planks",
          color: "#ffffff",
        },
        walls: [
          wall(
            "south",
            [0, 8],
            [12, 8],
            [{ id: "w1", kind: "window", offset: 2, width: 2, height: 1.2, sill: 1 }],
          ),
          wall("east", [12, 8], [12, 0]),
          wall(
            "north",
            [12, 0],
            [0, 0],
            [{ id: "w2", kind: "window", offset: 5, width: 3, height: 1.5, sill: 0.9 }],
          ),
          wall(
            "west",
            [0, 0],
            [0, 8],
            [{ id: "d1", kind: "door", offset: 3, width: 1.2, height: 2.2 }],
          ),
          wall(
            "middle",
            [6, 0],
            [6, 8],
            [{ id: "d2", kind: "door", offset: 3.5, width: 1.2, height: 2.2 }],
          ),
        ],
      },
    ],
  });
}
