import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sampleSpace } from "../../../../test/support/sample-space.js";
import { axonometricSvg } from "./axonometric.js";

describe("axonometric drawings of a space", { timeout: 30_000 }, () => {
  it("draws the floor and every wall piece, with finishes in their material's colour", async () => {
    const colours: Record<string, string> = {
      "material-red-brick": "#9c4a32",
      "material-oak-planks": "#b98a5a",
    };
    const svg = axonometricSvg(sampleSpace(), {
      width: 1280,
      height: 800,
      azimuth: 35,
      colorOf: (materialId, color) => (materialId ? (colours[materialId] ?? color) : color),
    });
    expect(svg.startsWith("<svg")).toBe(true);
    // the doors and windows split the walls into more pieces than there are walls
    expect((svg.match(/<polygon/g) ?? []).length).toBeGreaterThan(20);
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    expect(await sharp(png).metadata()).toMatchObject({ width: 1280, height: 800 });
    const { dominant } = await sharp(png).stats();
    expect(dominant).toBeDefined();
  });

  it("draws a plan from above", () => {
    const svg = axonometricSvg(sampleSpace(), {
      width: 800,
      height: 800,
      azimuth: 0,
      elevation: 90,
      colorOf: (_, color) => color,
    });
    expect(svg).toContain("<polygon");
  });
});
