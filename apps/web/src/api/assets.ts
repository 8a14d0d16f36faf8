import type {
  FontCoverage,
  FontItem,
  LibraryAsset,
  LibraryAssetPatch,
  LibrarySection,
  StorageUsage,
  TextAsset,
} from "@atrium/domain";
import { LIBRARY_SECTIONS } from "@atrium/domain/entities/library-asset";
import { api } from "./client";

// The asset service (spec 2 §7.4 /api/assetService): a user's library by section, uploads,
// edits and deletion, the storage quota, and the fonts a 3D text can use.

const BASE = "/api/assetService";

/** The list a library section shows: the signed-in user's own items, or another user's public ones. */
export function libraryPath(section: LibrarySection, ownerId: string, isOwn: boolean) {
  const { family } = LIBRARY_SECTIONS[section];
  return withHyperText(
    section,
    isOwn
      ? `${BASE}/${family}/myLibrary`
      : `${BASE}/${family}/byUser/${encodeURIComponent(ownerId)}`,
  );
}

/** 3D texts and hypertexts share a family: their lists end in /false or /true. */
function withHyperText(section: LibrarySection, path: string) {
  const hyperText =
    "hyperText" in LIBRARY_SECTIONS[section] ? LIBRARY_SECTIONS[section].hyperText : null;
  return hyperText === null ? path : `${path}/${hyperText}`;
}

/** A district's library section: what its owner and creators shared into it. */
export function districtLibraryPath(section: LibrarySection, districtId: string) {
  const { family } = LIBRARY_SECTIONS[section];
  return withHyperText(section, `${BASE}/${family}/byDistrict/${encodeURIComponent(districtId)}`);
}

/** Shares one of the signed-in user's items into a district's library (owner and creators). */
export const shareToDistrict = (
  asset: Pick<LibraryAsset, "family" | "assetId">,
  districtId: string,
) =>
  api<LibraryAsset>(
    `${BASE}/${asset.family}/${encodeURIComponent(asset.assetId)}/district/${encodeURIComponent(districtId)}`,
    { method: "PUT", quiet: true },
  );

/** Takes an item out of a district's library (it stays in its owner's library). */
export const unshareFromDistrict = (
  asset: Pick<LibraryAsset, "family" | "assetId">,
  districtId: string,
) =>
  api<{ removed: true }>(
    `${BASE}/${asset.family}/${encodeURIComponent(asset.assetId)}/district/${encodeURIComponent(districtId)}`,
    { method: "DELETE", quiet: true },
  );

/** One library item (the owner's, or a public one), e.g. a model's animation clip names. */
export const fetchAsset = (family: LibraryAsset["family"], id: string, signal?: AbortSignal) =>
  api<LibraryAsset>(`${BASE}/${family}/${encodeURIComponent(id)}`, { signal });

export const fetchLibraryPage = (path: string, cp: number, ipp: number) =>
  api<LibraryAsset[]>(path, { query: { cp, ipp } });

export const libraryQueryKey = (section: LibrarySection, ownerId: string) =>
  ["library", section, ownerId] as const;

export function uploadAsset(
  family: LibraryAsset["family"],
  body: FormData | Record<string, unknown>,
) {
  return api<LibraryAsset>(`${BASE}/${family}`, { method: "POST", body, quiet: true });
}

export function updateAsset(
  asset: Pick<LibraryAsset, "family" | "assetId">,
  patch: LibraryAssetPatch & Record<string, unknown>,
) {
  return api<LibraryAsset>(`${BASE}/${asset.family}/${encodeURIComponent(asset.assetId)}`, {
    method: "PATCH",
    body: patch,
    quiet: true,
  });
}

export function replaceThumbnail(asset: Pick<LibraryAsset, "family" | "assetId">, thumbnail: Blob) {
  const form = new FormData();
  form.append("thumbnail", thumbnail, "thumbnail.png");
  return api<LibraryAsset>(
    `${BASE}/${asset.family}/${encodeURIComponent(asset.assetId)}/thumbnail`,
    {
      method: "PUT",
      body: form,
      quiet: true,
    },
  );
}

export function deleteAsset(asset: Pick<LibraryAsset, "family" | "assetId">) {
  return api<void>(`${BASE}/${asset.family}/${encodeURIComponent(asset.assetId)}`, {
    method: "DELETE",
    quiet: true,
  });
}

export const fetchStorageUsage = () => api<StorageUsage>(`${BASE}/storage/my`);
export const fetchFonts = () => api<FontItem[]>(`${BASE}/font`);
export const fetchFontCoverage = () => api<FontCoverage[]>(`${BASE}/font/unicodeRanges`);

export type TextAssetInput = {
  title: string;
  description?: string;
  tags?: string[];
  text: Partial<TextAsset> & { content: string };
};
