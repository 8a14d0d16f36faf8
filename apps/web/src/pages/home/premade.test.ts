import { describe, expect, it } from "vitest";
import { toPremadeCards } from "./premade";

describe("premade spaces for the home page", () => {
  it("reads template families with their sizes and the lowest credit price", () => {
    expect(
      toPremadeCards([
        {
          spaceTemplateFamilyId: "gallery",
          title: "White gallery",
          description: "Three rooms",
          coverPhoto: "/api/fileService/file/1",
          photoGallery: [],
          tier: "Standard",
          templates: [
            { spaceTemplateId: "g-s", size: "S", districtPrice: 300 },
            { spaceTemplateId: "g-l", size: "L", districtPrice: 900 },
          ],
        },
      ]),
    ).toEqual([
      {
        id: "gallery",
        title: "White gallery",
        description: "Three rooms",
        cover: "/api/fileService/file/1",
        tier: "Standard",
        sizes: ["S", "L"],
        fromCredits: 300,
      },
    ]);
  });

  it("leaves out what it cannot show rather than inventing it", () => {
    expect(toPremadeCards(null)).toEqual([]);
    expect(toPremadeCards({ nope: true })).toEqual([]);
    expect(toPremadeCards([{ title: "No id" }, { id: "x" }, 7])).toEqual([]);
    expect(toPremadeCards({ items: [{ id: "a", title: "A" }] })[0]).toMatchObject({
      id: "a",
      cover: null,
      sizes: [],
      fromCredits: null,
    });
  });
});
