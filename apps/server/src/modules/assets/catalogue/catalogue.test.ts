import {
  CATALOGUE_FONT_IDS,
  CATALOGUE_MATERIAL_IDS,
  CATALOGUE_PROP_IDS,
  CATALOGUE_SKY_IDS,
  unsupportedCharacters,
  VISITOR_BODY,
} from "@atrium/domain";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { gltfIO } from "../pipeline/gltf-io.js";
import { validateGlb } from "../pipeline/validate.js";
import { FONT_RECIPES, loadFont } from "./fonts.js";
import { MATERIAL_RECIPES, paintMaterial } from "./materials.js";
import { PROP_RECIPES, STAIRCASE, staircaseSteps } from "./props.js";
import { paintSky, SKY_RECIPES } from "./skies.js";

describe("the built-in catalogue", { timeout: 60_000 }, () => {
  it("has the issue's minimum of each kind, with the ids the domain publishes", () => {
    expect(PROP_RECIPES.length).toBeGreaterThanOrEqual(20);
    expect(MATERIAL_RECIPES.length).toBeGreaterThanOrEqual(12);
    expect(SKY_RECIPES.length).toBeGreaterThanOrEqual(6);
    expect(FONT_RECIPES.length).toBeGreaterThanOrEqual(4);
    expect(PROP_RECIPES.map((recipe) => recipe.id)).toEqual([...CATALOGUE_PROP_IDS]);
    expect(MATERIAL_RECIPES.map((recipe) => recipe.id)).toEqual([...CATALOGUE_MATERIAL_IDS]);
    expect(SKY_RECIPES.map((recipe) => recipe.id)).toEqual([...CATALOGUE_SKY_IDS]);
    expect(FONT_RECIPES.map((recipe) => recipe.id)).toEqual([...CATALOGUE_FONT_IDS]);
  });

  it("builds every prop as a valid, low-poly glb standing on the floor", async () => {
    const io = await gltfIO();
    for (const recipe of PROP_RECIPES) {
      const document = recipe.build();
      const glb = await io.writeBinary(document);
      await expect(validateGlb(`${recipe.id}.glb`, glb)).resolves.toBeUndefined();
      const position = document
        .getRoot()
        .listMeshes()[0]
        ?.listPrimitives()[0]
        ?.getAttribute("POSITION");
      expect(position?.getMin([])[1]).toBeGreaterThanOrEqual(-0.02); // tube ends sink by their radius
      expect(glb.length).toBeLessThan(200_000);
    }
  }, 120_000);

  it("has a staircase whose steps a visitor walks up, declared as its collision boxes", async () => {
    const steps = staircaseSteps();
    expect(steps).toHaveLength(STAIRCASE.steps);
    // each step is a rise higher than the one before, under the viewer's 0.4 m step up
    steps.forEach(([, y0, , , y1], i) => {
      expect(y0).toBe(0);
      expect(y1).toBeCloseTo(STAIRCASE.rise * (i + 1));
    });
    expect(STAIRCASE.rise).toBeLessThan(VISITOR_BODY.stepUp);
    expect(steps.at(-1)?.[4]).toBeCloseTo(3);
    // the boxes travel in the glb, as the scene's extras three.js reads into userData
    const recipe = PROP_RECIPES.find((entry) => entry.id === "prop-staircase");
    if (!recipe) throw new Error("no staircase in the catalogue");
    const io = await gltfIO();
    const glb = await io.writeBinary(recipe.build());
    const read = await io.readBinary(glb);
    expect(read.getRoot().listScenes()[0]?.getExtras()).toEqual({ colliders: steps });
  });

  it("paints tileable material textures and sky panoramas", async () => {
    const material = await paintMaterial(
      MATERIAL_RECIPES[0] as (typeof MATERIAL_RECIPES)[number],
      128,
    );
    expect(await sharp(material.baseColor).metadata()).toMatchObject({
      format: "jpeg",
      width: 128,
      height: 128,
    });
    expect(await sharp(material.normal).metadata()).toMatchObject({ format: "png", width: 128 });
    const sky = await paintSky(SKY_RECIPES[0] as (typeof SKY_RECIPES)[number]);
    expect(await sharp(sky.panorama).metadata()).toMatchObject({ width: 2048, height: 1024 });
  });

  it("works out each font's coverage from its files", async () => {
    const inter = await loadFont(FONT_RECIPES[0] as (typeof FONT_RECIPES)[number]);
    expect(inter.family).toBe("Inter");
    expect(unsupportedCharacters("Hello, Ωμέγα! Привет", inter.coverage)).toEqual([]);
    expect(unsupportedCharacters("你好", inter.coverage)).toEqual(["你", "好"]);
    const playfair = await loadFont(
      FONT_RECIPES.find(
        (recipe) => recipe.id === "font-playfair-display",
      ) as (typeof FONT_RECIPES)[number],
    );
    // Playfair Display has no Greek subset
    expect(unsupportedCharacters("Ωμέγα", playfair.coverage)).toEqual(["Ω", "μ", "έ", "γ", "α"]);
    expect(
      inter.files.some(
        (file) => file.format === "woff" && file.subset === "latin" && file.weight === 700,
      ),
    ).toBe(true);
  });
});
