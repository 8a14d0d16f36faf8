import type { CustomSpaceTheme, InfoPointCategory, License } from "@atrium/domain";

// Catalogue entries that are plain data: licences an upload can carry, info point categories,
// and themes that combine the catalogue's own materials and skies.

export const LICENSES: License[] = [
  { licenseId: "all-rights-reserved", title: "All rights reserved", url: null },
  {
    licenseId: "cc-by-4.0",
    title: "CC BY 4.0",
    url: "https://creativecommons.org/licenses/by/4.0/",
  },
  {
    licenseId: "cc-by-sa-4.0",
    title: "CC BY-SA 4.0",
    url: "https://creativecommons.org/licenses/by-sa/4.0/",
  },
  {
    licenseId: "cc-by-nc-4.0",
    title: "CC BY-NC 4.0",
    url: "https://creativecommons.org/licenses/by-nc/4.0/",
  },
  {
    licenseId: "cc0-1.0",
    title: "CC0 1.0 (public domain)",
    url: "https://creativecommons.org/publicdomain/zero/1.0/",
  },
];

export const INFO_POINT_CATEGORIES: InfoPointCategory[] = [
  { categoryId: "information", title: "Information", color: "#3DABFF" },
  { categoryId: "artwork", title: "Artwork", color: "#C9A24A" },
  { categoryId: "history", title: "History", color: "#8C5A3C" },
  { categoryId: "product", title: "Product", color: "#2F9E44" },
  { categoryId: "directions", title: "Directions", color: "#7048E8" },
  { categoryId: "warning", title: "Warning", color: "#E8590C" },
];

export const THEMES: Omit<CustomSpaceTheme, "thumbnailUrl">[] = [
  {
    themeId: "theme-white-gallery",
    title: "White gallery",
    wallMaterialId: "material-white-plaster",
    floorMaterialId: "material-oak-planks",
    ceilingColor: "#ffffff",
    skyId: "sky-studio",
    lighting: "gallery",
  },
  {
    themeId: "theme-industrial-loft",
    title: "Industrial loft",
    wallMaterialId: "material-red-brick",
    floorMaterialId: "material-concrete",
    ceilingColor: "#3a3a3a",
    skyId: "sky-overcast",
    lighting: "day",
  },
  {
    themeId: "theme-marble-hall",
    title: "Marble hall",
    wallMaterialId: "material-warm-plaster",
    floorMaterialId: "material-white-marble",
    ceilingColor: "#f4efe6",
    skyId: "sky-clear-day",
    lighting: "day",
  },
  {
    themeId: "theme-warm-lounge",
    title: "Warm lounge",
    wallMaterialId: "material-linen",
    floorMaterialId: "material-walnut-planks",
    ceilingColor: "#efe6da",
    skyId: "sky-sunset",
    lighting: "sunset",
  },
  {
    themeId: "theme-night-studio",
    title: "Night studio",
    wallMaterialId: "material-concrete",
    floorMaterialId: "material-grey-carpet",
    ceilingColor: "#1e1e22",
    skyId: "sky-night",
    lighting: "night",
  },
  {
    themeId: "theme-mediterranean",
    title: "Mediterranean",
    wallMaterialId: "material-white-plaster",
    floorMaterialId: "material-terracotta-tiles",
    ceilingColor: "#fbf7f0",
    skyId: "sky-dawn",
    lighting: "day",
  },
];
