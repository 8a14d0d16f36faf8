// Ids of the built-in catalogue (props, materials, skies, fonts) that the repository's own
// scripts create. Scene documents refer to them by these ids (`propId`, `materialId`, `skyId`,
// `fonts`); premade spaces and demo content may use them before the catalogue is seeded.

export const CATALOGUE_PROP_IDS = [
  "prop-plinth",
  "prop-low-plinth",
  "prop-sculpture-pedestal",
  "prop-display-case",
  "prop-bench",
  "prop-sofa",
  "prop-armchair",
  "prop-coffee-table",
  "prop-dining-table",
  "prop-round-side-table",
  "prop-chair",
  "prop-stool",
  "prop-reception-desk",
  "prop-bookshelf",
  "prop-floor-lamp",
  "prop-pendant-lamp",
  "prop-spotlight",
  "prop-potted-plant",
  "prop-tall-plant",
  "prop-planter-box",
  "prop-vase",
  "prop-rug",
  "prop-frame-landscape",
  "prop-frame-portrait",
  "prop-easel",
  "prop-rope-barrier",
  "prop-stanchion-post",
  "prop-screen",
  "prop-wall-screen",
  "prop-info-kiosk",
  "prop-lectern",
  "prop-staircase",
] as const;
export type CataloguePropId = (typeof CATALOGUE_PROP_IDS)[number];

export const CATALOGUE_MATERIAL_IDS = [
  "material-oak-planks",
  "material-walnut-planks",
  "material-diamond-parquet",
  "material-concrete",
  "material-white-marble",
  "material-green-marble",
  "material-white-plaster",
  "material-warm-plaster",
  "material-white-tiles",
  "material-terracotta-tiles",
  "material-terrazzo",
  "material-grey-carpet",
  "material-blue-carpet",
  "material-red-brick",
  "material-brushed-steel",
  "material-linen",
] as const;
export type CatalogueMaterialId = (typeof CATALOGUE_MATERIAL_IDS)[number];

export const CATALOGUE_SKY_IDS = [
  "sky-clear-day",
  "sky-sunset",
  "sky-overcast",
  "sky-night",
  "sky-dawn",
  "sky-studio",
] as const;
export type CatalogueSkyId = (typeof CATALOGUE_SKY_IDS)[number];

export const CATALOGUE_FONT_IDS = [
  "font-inter",
  "font-roboto-slab",
  "font-playfair-display",
  "font-oswald",
  "font-roboto-mono",
] as const;
export type CatalogueFontId = (typeof CATALOGUE_FONT_IDS)[number];

/** The font a new 3D text starts with. */
export const DEFAULT_FONT_ID: CatalogueFontId = "font-inter";
