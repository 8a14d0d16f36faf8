import {
  type CustomSpaceTheme,
  type FontCoverage,
  type FontItem,
  formatUnicodeRange,
  type InfoPointCategory,
  type License,
  type MaterialItem,
  type PortalStyle,
  type PropCatalogueItem,
  type SkyItem,
} from "@atrium/domain";
import type { CatalogueItemRow } from "../../db/schema/index.js";
import { NotFoundError } from "../../errors.js";
import { fileUrl } from "../files/service.js";
import type { AssetsRepo } from "./repo.js";

// The built-in catalogue as the asset service serves it. Everyone may read it, signed in or
// not: the viewer shows catalogue props and materials in public spaces.

type Details = Record<string, unknown>;
const url = (id: string | null) => (id ? fileUrl(id) : "");
// catalogue thumbnails are made small (at most 512 px) and stored as they are
const thumb = (row: CatalogueItemRow) => (row.thumbnailFileId ? fileUrl(row.thumbnailFileId) : "");

export const presentProp = (row: CatalogueItemRow): PropCatalogueItem => ({
  propId: row.id,
  title: row.title,
  type: row.category ?? "",
  file: url(row.fileId),
  defaultSize: Number((row.details as Details).defaultSize ?? 1),
  // Unity's packaged bundles; Atrium's renderer loads `file`
  addressable: null,
  thumbnailUrl: thumb(row),
  triangleCount: Number((row.details as Details).triangleCount ?? 0),
});

export const presentMaterial = (row: CatalogueItemRow): MaterialItem => {
  const details = row.details as Details;
  return {
    materialId: row.id,
    title: row.title,
    category: row.category ?? "",
    baseColorUrl: url(row.fileId),
    normalUrl: url((details.normalFileId as string | undefined) ?? null),
    thumbnailUrl: thumb(row),
    tileMetres: Number(details.tileMetres),
    roughness: Number(details.roughness),
    metalness: Number(details.metalness),
  };
};

export const presentSky = (row: CatalogueItemRow): SkyItem => ({
  skyId: row.id,
  title: row.title,
  fileUrl: url(row.fileId),
  thumbnailUrl: thumb(row),
});

export const presentFont = (row: CatalogueItemRow): FontItem => {
  const details = row.details as Details;
  const files =
    (details.files as {
      subset: string;
      weight: number;
      style: "normal" | "italic";
      format: "woff" | "woff2";
      unicodeRange: string;
      fileId: string;
    }[]) ?? [];
  return {
    fontId: row.id,
    title: row.title,
    family: String(details.family),
    category: row.category ?? "",
    license: String(details.license),
    attribution: String(details.attribution ?? ""),
    thumbnailUrl: thumb(row),
    unicodeRanges: formatUnicodeRange((details.coverage as [number, number][]) ?? []),
    files: files.map(({ fileId, ...file }) => ({ ...file, url: fileUrl(fileId) })),
  };
};

export const presentPortal = (row: CatalogueItemRow): PortalStyle => ({
  assetId: row.id,
  title: row.title,
  fileUrl: url(row.fileId),
  thumbnailUrl: thumb(row),
});

export function createCatalogueService(repo: AssetsRepo) {
  const one = async (kind: CatalogueItemRow["kind"], id: string) => {
    const row = await repo.catalogueItem(kind, id);
    if (!row) throw new NotFoundError();
    return row;
  };
  const categories = async (kind: CatalogueItemRow["kind"]) => [
    ...new Set(
      (await repo.catalogue(kind))
        .map((row) => row.category)
        .filter((value): value is string => !!value),
    ),
  ];

  return {
    props: async (category?: string) => (await repo.catalogue("prop", category)).map(presentProp),
    propCategories: () => categories("prop"),
    prop: async (id: string) => presentProp(await one("prop", id)),
    materials: async (category?: string) =>
      (await repo.catalogue("material", category)).map(presentMaterial),
    materialCategories: () => categories("material"),
    material: async (id: string) => presentMaterial(await one("material", id)),
    skies: async () => (await repo.catalogue("sky")).map(presentSky),
    sky: async (id: string) => presentSky(await one("sky", id)),
    fonts: async () => (await repo.catalogue("font")).map(presentFont),
    font: async (id: string) => presentFont(await one("font", id)),
    async fontCoverages(): Promise<FontCoverage[]> {
      return (await repo.catalogue("font")).map((row) => ({
        fontId: row.id,
        family: String((row.details as Details).family),
        ranges: ((row.details as Details).coverage as [number, number][]) ?? [],
      }));
    },
    async fontCoverage(fontId: string) {
      const row = await repo.catalogueItem("font", fontId);
      return row ? (((row.details as Details).coverage as [number, number][]) ?? []) : null;
    },
    portals: async () => (await repo.catalogue("portal")).map(presentPortal),
    portal: async (id: string) => presentPortal(await one("portal", id)),
    async themes(): Promise<CustomSpaceTheme[]> {
      const materials = new Map((await repo.catalogue("material")).map((row) => [row.id, row]));
      return (await repo.catalogue("theme")).map((row) => {
        const details = row.details as Omit<CustomSpaceTheme, "themeId" | "title" | "thumbnailUrl">;
        const floor = materials.get(details.floorMaterialId);
        return {
          themeId: row.id,
          title: row.title,
          ...details,
          thumbnailUrl: floor ? thumb(floor) : null,
        };
      });
    },
    async theme(id: string) {
      const found = (await this.themes()).find((theme) => theme.themeId === id);
      if (!found) throw new NotFoundError();
      return found;
    },
    async licenses(): Promise<License[]> {
      return (await repo.catalogue("license")).map((row) => ({
        licenseId: row.id,
        title: row.title,
        url: ((row.details as Details).url as string | null) ?? null,
      }));
    },
    async license(id: string) {
      const found = (await this.licenses()).find((license) => license.licenseId === id);
      if (!found) throw new NotFoundError();
      return found;
    },
    licenseExists: async (id: string) => (await repo.catalogueItem("license", id)) !== null,
    async infoPointCategories(): Promise<InfoPointCategory[]> {
      return (await repo.catalogue("infopointCategory")).map((row) => ({
        categoryId: row.id,
        title: row.title,
        color: String((row.details as Details).color),
      }));
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
