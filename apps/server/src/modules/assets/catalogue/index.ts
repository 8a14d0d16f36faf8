import { countModel } from "../pipeline/counts.js";
import { gltfIO } from "../pipeline/gltf-io.js";
import { renderModelThumbnail } from "../render/model-thumbnail.js";
import { INFO_POINT_CATEGORIES, LICENSES, THEMES } from "./data.js";
import { FONT_RECIPES, loadFont } from "./fonts.js";
import { MATERIAL_RECIPES, paintMaterial } from "./materials.js";
import { PORTAL_RECIPES } from "./portals.js";
import { PROP_RECIPES } from "./props.js";
import { paintSky, SKY_RECIPES } from "./skies.js";

// The built-in catalogue, made by this repository's code on first start (nothing downloaded):
// each entry with the files to store and the details to keep, given the stored files' ids.

export interface CatalogueFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface StoredIds {
  file: string | null;
  thumbnail: string | null;
  extras: string[];
}

export interface CatalogueEntry {
  id: string;
  kind: "prop" | "material" | "sky" | "font" | "portal" | "theme" | "license" | "infopointCategory";
  title: string;
  category: string | null;
  sort: number;
  file: CatalogueFile | null;
  thumbnail: CatalogueFile | null;
  extras: CatalogueFile[];
  details(ids: StoredIds): Record<string, unknown> | Promise<Record<string, unknown>>;
}

const png = (name: string, bytes: Uint8Array): CatalogueFile => ({
  name,
  contentType: "image/png",
  bytes,
});
const jpeg = (name: string, bytes: Uint8Array): CatalogueFile => ({
  name,
  contentType: "image/jpeg",
  bytes,
});
const glb = (name: string, bytes: Uint8Array): CatalogueFile => ({
  name,
  contentType: "model/gltf-binary",
  bytes,
});

/** Every catalogue entry, built one at a time so that only one is in memory at once. */
export async function* buildCatalogue(
  options: { skip?: ReadonlySet<string> } = {},
): AsyncGenerator<CatalogueEntry> {
  const skip = options.skip ?? new Set<string>();
  const io = await gltfIO();
  for (const [sort, recipe] of PROP_RECIPES.entries()) {
    if (skip.has(recipe.id)) continue;
    const document = recipe.build();
    const bytes = await io.writeBinary(document);
    const thumbnail = await renderModelThumbnail(document);
    const { triangleCount } = countModel(document);
    const longestSide = longestSideOf(document);
    yield {
      id: recipe.id,
      kind: "prop",
      title: recipe.title,
      category: recipe.type,
      sort,
      file: glb(`${recipe.id}.glb`, bytes),
      thumbnail: png(`${recipe.id}.png`, thumbnail),
      extras: [],
      details: () => ({ defaultSize: Math.round(longestSide * 100) / 100, triangleCount }),
    };
  }
  for (const [sort, recipe] of PORTAL_RECIPES.entries()) {
    if (skip.has(recipe.id)) continue;
    const document = recipe.build();
    yield {
      id: recipe.id,
      kind: "portal",
      title: recipe.title,
      category: null,
      sort,
      file: glb(`${recipe.id}.glb`, await io.writeBinary(document)),
      thumbnail: png(`${recipe.id}.png`, await renderModelThumbnail(document)),
      extras: [],
      details: () => ({}),
    };
  }
  for (const [sort, recipe] of MATERIAL_RECIPES.entries()) {
    if (skip.has(recipe.id)) continue;
    const painted = await paintMaterial(recipe);
    yield {
      id: recipe.id,
      kind: "material",
      title: recipe.title,
      category: recipe.category,
      sort,
      file: jpeg(`${recipe.id}-color.jpg`, painted.baseColor),
      thumbnail: png(`${recipe.id}.png`, painted.thumbnail),
      extras: [png(`${recipe.id}-normal.png`, painted.normal)],
      details: (ids) => ({
        normalFileId: ids.extras[0],
        tileMetres: recipe.tileMetres,
        roughness: recipe.roughness,
        metalness: recipe.metalness,
      }),
    };
  }
  for (const [sort, recipe] of SKY_RECIPES.entries()) {
    if (skip.has(recipe.id)) continue;
    const painted = await paintSky(recipe);
    yield {
      id: recipe.id,
      kind: "sky",
      title: recipe.title,
      category: null,
      sort,
      file: jpeg(`${recipe.id}.jpg`, painted.panorama),
      thumbnail: jpeg(`${recipe.id}-preview.jpg`, painted.thumbnail),
      extras: [],
      details: () => ({}),
    };
  }
  for (const [sort, recipe] of FONT_RECIPES.entries()) {
    if (skip.has(recipe.id)) continue;
    const font = await loadFont(recipe);
    yield {
      id: recipe.id,
      kind: "font",
      title: recipe.title,
      category: font.category,
      sort,
      file: null,
      thumbnail: png(`${recipe.id}.png`, font.thumbnail),
      extras: font.files.map((entry) => ({
        name: entry.fileName,
        contentType: entry.format === "woff2" ? "font/woff2" : "font/woff",
        bytes: entry.bytes,
      })),
      details: (ids) => ({
        family: font.family,
        license: font.license,
        attribution: font.attribution,
        coverage: font.coverage,
        files: font.files.map((entry, index) => ({
          subset: entry.subset,
          weight: entry.weight,
          style: entry.style,
          format: entry.format,
          unicodeRange: entry.unicodeRange,
          fileId: ids.extras[index],
        })),
      }),
    };
  }
  for (const [sort, theme] of THEMES.entries()) {
    if (skip.has(theme.themeId)) continue;
    const { themeId, title, ...rest } = theme;
    yield {
      id: themeId,
      kind: "theme",
      title,
      category: null,
      sort,
      file: null,
      thumbnail: null,
      extras: [],
      details: () => rest,
    };
  }
  for (const [sort, license] of LICENSES.entries()) {
    if (skip.has(license.licenseId)) continue;
    yield {
      id: license.licenseId,
      kind: "license",
      title: license.title,
      category: null,
      sort,
      file: null,
      thumbnail: null,
      extras: [],
      details: () => ({ url: license.url }),
    };
  }
  for (const [sort, category] of INFO_POINT_CATEGORIES.entries()) {
    if (skip.has(category.categoryId)) continue;
    yield {
      id: category.categoryId,
      kind: "infopointCategory",
      title: category.title,
      category: null,
      sort,
      file: null,
      thumbnail: null,
      extras: [],
      details: () => ({ color: category.color }),
    };
  }
}

export function longestSideOf(document: import("@gltf-transform/core").Document) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const mesh of document.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      const position = primitive.getAttribute("POSITION");
      if (!position) continue;
      const low = position.getMin([]);
      const high = position.getMax([]);
      for (let axis = 0; axis < 3; axis++) {
        min[axis] = Math.min(min[axis] as number, low[axis] as number);
        max[axis] = Math.max(max[axis] as number, high[axis] as number);
      }
    }
  }
  return Math.max(...max.map((value, axis) => value - (min[axis] as number)));
}
