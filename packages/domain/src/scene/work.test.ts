import { describe, expect, it } from "vitest";
import { createEmptySceneDocument } from "./empty";
import { hasWork } from "./work";

describe("whether a space holds work to lose (issue 21 item 8)", () => {
  it("a brand-new custom space and an untouched premade one hold none", () => {
    expect(hasWork(createEmptySceneDocument())).toBe(false);
    expect(
      hasWork({
        ...createEmptySceneDocument(),
        customSpace: null,
        spaceTemplate: { templateId: "t", materialOverrides: [] },
      }),
    ).toBe(false);
  });

  it("a wall, an item, a tour or a style choice is work", () => {
    const empty = createEmptySceneDocument();
    const level = empty.customSpace?.levels[0];
    if (!level) throw new Error("no level");
    const walled = {
      ...empty,
      customSpace: {
        ...(empty.customSpace as NonNullable<typeof empty.customSpace>),
        levels: [
          {
            ...level,
            walls: [
              {
                id: "w",
                start: [0, 0] as [number, number],
                end: [1, 0] as [number, number],
                height: 3,
                thickness: 0.2,
                openings: [],
                left: { materialId: null, color: "#ffffff" },
                right: { materialId: null, color: "#ffffff" },
              },
            ],
          },
        ],
      },
    };
    expect(hasWork(walled)).toBe(true);
    expect(hasWork({ ...empty, guidedTours: ["tour"] })).toBe(true);
    expect(
      hasWork({
        ...empty,
        customSpace: null,
        spaceTemplate: { templateId: "t", materialOverrides: [], lighting: "night" },
      }),
    ).toBe(true);
    expect(
      hasWork({
        ...empty,
        props: [
          {
            id: "p",
            title: "",
            description: "",
            position: [0, 0, 0],
            rotation: [0, 0, 0],
            scale: [1, 1, 1],
            levelId: "level-1",
            locked: false,
            propId: "prop-bench",
          },
        ],
      }),
    ).toBe(true);
  });
});
