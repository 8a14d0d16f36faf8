import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CATALOGUE_FONT_IDS } from "@atrium/domain";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildCatalogue } from "../src/modules/assets/catalogue/index.js";
import { ensureCatalogue } from "../src/modules/assets/install-catalogue.js";
import { createFilesRepo } from "../src/modules/files/repo.js";
import { createFilesService } from "../src/modules/files/service.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// The built-in catalogue, installed by the repository's own code, as the asset service serves
// it; and 3D texts, whose unsupported characters come from the fonts' coverage.

// buildCatalogue as this (main) thread sees it: the install must never call it here
vi.mock("../src/modules/assets/catalogue/index.js", async (importOriginal) => {
  const original =
    await importOriginal<typeof import("../src/modules/assets/catalogue/index.js")>();
  return { ...original, buildCatalogue: vi.fn(original.buildCatalogue) };
});

let t: TestApp;
let dataDir: string;
let installed: number;
let ada: TestUser;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "atrium-catalogue-"));
  t = await createTestApp({ DATA_DIR: dataDir });
  const files = createFilesService(createFilesRepo(t.context.database.db), t.context.storage);
  installed = await ensureCatalogue(t.context.database, files);
  ada = await signUpUser(t, { name: "Ada" });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, user: TestUser | null = null) =>
  clientFor(t, user)({ method: "GET", url });

describe("the built-in catalogue", () => {
  it("is painted in a worker thread, never on the server's event loop", () => {
    expect(installed).toBeGreaterThan(0);
    expect(buildCatalogue).not.toHaveBeenCalled();
  });

  it("is installed once", async () => {
    expect(installed).toBeGreaterThanOrEqual(20 + 12 + 6 + 4);
    const files = createFilesService(createFilesRepo(t.context.database.db), t.context.storage);
    expect(await ensureCatalogue(t.context.database, files)).toBe(0);
  });

  it("lists at least 20 props with their model, thumbnail and categories, to anyone", async () => {
    const props = (await get("/api/assetService/prop")).json();
    expect(props.length).toBeGreaterThanOrEqual(20);
    const bench = props.find((prop: { propId: string }) => prop.propId === "prop-bench");
    expect(bench).toMatchObject({ title: "Gallery bench", type: "Furniture" });
    expect(bench.defaultSize).toBeCloseTo(1.6, 1);
    const model = await get(bench.file);
    expect(model.headers["content-type"]).toBe("model/gltf-binary");
    expect((await get(bench.thumbnailUrl)).statusCode).toBe(200);
    const categories = (await get("/api/assetService/prop/categories")).json();
    expect(categories).toEqual(
      expect.arrayContaining(["Furniture", "Display", "Lighting", "Plants", "Barriers", "Media"]),
    );
    const lights = (await get("/api/assetService/prop?category=Lighting")).json();
    expect(lights.every((prop: { type: string }) => prop.type === "Lighting")).toBe(true);
    expect((await get("/api/assetService/prop/prop-sofa")).json().title).toBe("Sofa");
    expect((await get("/api/assetService/prop/prop-nope")).statusCode).toBe(404);
  });

  it("lists at least 12 materials with colour and normal maps, and 6 skies", async () => {
    const materials = (await get("/api/assetService/material")).json();
    expect(materials.length).toBeGreaterThanOrEqual(12);
    const marble = (await get("/api/assetService/material/material-white-marble")).json();
    expect(marble).toMatchObject({ category: "Stone", tileMetres: 2 });
    expect((await get(marble.baseColorUrl)).headers["content-type"]).toBe("image/jpeg");
    expect((await get(marble.normalUrl)).headers["content-type"]).toBe("image/png");
    expect((await get("/api/assetService/material/categories")).json()).toEqual(
      expect.arrayContaining(["Wood", "Stone", "Tiles", "Textile"]),
    );
    const skies = (await get("/api/assetService/sky/public")).json();
    expect(skies.length).toBeGreaterThanOrEqual(6);
    expect((await get(skies[0].fileUrl)).headers["content-type"]).toBe("image/jpeg");
  });

  it("lists the terrains, each made of a catalogue material or a colour", async () => {
    const terrains = (await get("/api/assetService/terrain")).json();
    expect(terrains.length).toBeGreaterThanOrEqual(3);
    const materialIds = new Set(
      (await get("/api/assetService/material"))
        .json()
        .map((m: { materialId: string }) => m.materialId),
    );
    for (const terrain of terrains as { materialId: string | null }[]) {
      if (terrain.materialId) expect(materialIds.has(terrain.materialId)).toBe(true);
    }
    expect((await get("/api/assetService/terrain/terrain-meadow")).json().title).toBe("Meadow");
    expect((await get("/api/assetService/terrain/terrain-nope")).statusCode).toBe(404);
  });

  it("lists the fonts with their files, unicode ranges and coverage", async () => {
    const fonts = (await get("/api/assetService/font")).json();
    expect(fonts.map((font: { fontId: string }) => font.fontId)).toEqual([...CATALOGUE_FONT_IDS]);
    const inter = fonts[0];
    expect(inter.unicodeRanges).toMatch(/^U\+/);
    const latin = inter.files.find(
      (file: { subset: string; format: string; weight: number; style: string }) =>
        file.subset === "latin" &&
        file.format === "woff" &&
        file.weight === 400 &&
        file.style === "normal",
    );
    expect(latin.unicodeRange).toContain("U+0000-00FF");
    expect((await get(latin.url)).headers["content-type"]).toBe("font/woff");
    expect((await get("/api/assetService/font/unity")).json()).toHaveLength(fonts.length);
    const coverage = (await get("/api/assetService/font/unicodeRanges")).json();
    expect(coverage[0]).toMatchObject({ fontId: "font-inter", family: "Inter" });
    expect(coverage[0].ranges[0]).toHaveLength(2);
  });

  it("serves portal styles, themes, licences, info point categories, textures and the build version", async () => {
    expect((await get("/api/assetService/portal")).json().length).toBeGreaterThanOrEqual(3);
    const themes = (await get("/api/assetService/customspacetheme")).json();
    expect(themes[0]).toMatchObject({
      themeId: "theme-white-gallery",
      wallMaterialId: "material-white-plaster",
    });
    expect(
      (await get("/api/assetService/license"))
        .json()
        .map((license: { licenseId: string }) => license.licenseId),
    ).toContain("cc-by-4.0");
    expect(
      (await get("/api/assetService/infopoint/categories")).json().length,
    ).toBeGreaterThanOrEqual(4);
    expect((await get("/api/assetService/texture/public")).json().length).toBeGreaterThanOrEqual(
      12,
    );
    const build = (await get("/api/assetService/unityBuild?unityBuildName=current")).json();
    expect(build[0].version).toBe(t.context.version);
  });
});

describe("3D texts and hypertexts", () => {
  const create = (payload: object) =>
    clientFor(t, ada)({ method: "POST", url: "/api/assetService/text3d", payload });

  it("creates a 3D text with the spec's defaults and no unsupported characters", async () => {
    const response = await create({ text: { content: "Welcome, Ωμέγα, Привет" } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      family: "text3d",
      collisions: "None",
      interactive: true,
      title: "Welcome, Ωμέγα, Привет",
      text: { fontId: "font-inter", fontSize: 60, hyperText: false },
      unsupportedCharacters: [],
    });
  });

  it("reports the characters the chosen font cannot draw", async () => {
    const response = await create({
      title: "Greeting",
      text: { content: "Καλημέρα 你好 hello", fontId: "font-playfair-display" },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().unsupportedCharacters).toEqual([
      "Κ",
      "α",
      "λ",
      "η",
      "μ",
      "έ",
      "ρ",
      "你",
      "好",
    ]);
    const withGreek = await create({
      text: { content: "Καλημέρα", fontId: "font-playfair-display", requiredFonts: ["font-inter"] },
    });
    expect(withGreek.json().unsupportedCharacters).toEqual([]);
  });

  it("keeps hypertexts apart from texts, and a hypertext needs its link", async () => {
    expect((await create({ text: { content: "Shop", hyperText: true } })).statusCode).toBe(400);
    const link = await create({
      text: { content: "Shop", hyperText: true, link: "https://example.com/shop" },
    });
    expect(link.statusCode).toBe(201);
    const texts = (await get("/api/assetService/text3d/myLibrary/false", ada)).json();
    const hypertexts = (await get("/api/assetService/text3d/myLibrary/true", ada)).json();
    expect(hypertexts.map((item: { assetId: string }) => item.assetId)).toEqual([
      link.json().assetId,
    ]);
    expect(texts.some((item: { assetId: string }) => item.assetId === link.json().assetId)).toBe(
      false,
    );
  });

  it("refuses an unknown font and re-checks on edit", async () => {
    expect((await create({ text: { content: "x", fontId: "font-comic" } })).statusCode).toBe(400);
    const created = (await create({ text: { content: "plain" } })).json();
    const edited = await clientFor(
      t,
      ada,
    )({
      method: "PATCH",
      url: `/api/assetService/text3d/${created.assetId}`,
      payload: { text: { content: "plain ✓ 漢", fontId: "font-roboto-mono" } },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().unsupportedCharacters).toContain("漢");
  });
});
