import type { SceneDocument, SceneMetadata, SpaceSlot } from "@atrium/domain";
import { api } from "../../api/client";

// The scene service calls the editor makes (spec 2 §7.4 /api/sceneService). A thin layer the
// save flow takes as a parameter, so it can be tested without a server.

const BASE = "/api/sceneService";
const id = (sceneId: string) => encodeURIComponent(sceneId);

/** A stored document with the revision a save must send back. */
export interface StoredContent {
  revision: number;
  document: unknown;
}

export interface SceneCalls {
  createMetadata(body: { title: string }): Promise<{ sceneId: string; revision?: number }>;
  /** Rejects with ApiError 409 when `revision` is not the stored one. */
  putContent(
    sceneId: string,
    body: { revision: number; document: SceneDocument; metadata?: { title: string } },
  ): Promise<{ revision: number }>;
}

export const sceneCalls: SceneCalls = {
  createMetadata: (body) =>
    api<SceneMetadata>(`${BASE}/scene/metadata`, { method: "POST", body, quiet: true }),
  putContent: (sceneId, body) =>
    api<{ revision: number }>(`${BASE}/scene/content/${id(sceneId)}`, {
      method: "PUT",
      body,
      quiet: true,
    }),
};

export const fetchEmptyCustomScene = () => api<unknown>(`${BASE}/scene/custom`);
export const fetchSceneMetadata = (sceneId: string) =>
  api<SceneMetadata>(`${BASE}/scene/metadata/${id(sceneId)}`);
export const fetchSceneContent = (sceneId: string) =>
  api<StoredContent>(`${BASE}/scene/content/${id(sceneId)}`);

/** A premade space family and its templates (sizes) as /premadescene lists them. */
export interface PremadeFamily {
  spaceTemplateFamilyId: string;
  title: string;
  description?: string;
  coverPhoto?: string | null;
  templates?: { spaceTemplateId: string; title?: string; size?: string }[];
}

export const fetchPremadeFamilies = () => api<PremadeFamily[]>(`${BASE}/premadescene`);

/** The publish flow's metadata fields (spaceInfo, privacy, communication). */
export type PublishMetadataPatch = Partial<
  Pick<
    SceneMetadata,
    | "title"
    | "description"
    | "tags"
    | "comments"
    | "adultContent"
    | "audioUri"
    | "publishedPublic"
    | "privacyACLEnabled"
    | "userPrivacyACL"
    | "groupPrivacyACL"
    | "communicationACLEnabled"
    | "userCommunicationACL"
    | "groupCommunicationACL"
  >
>;

/** PATCH metadata; a cover photo or gallery pictures go as multipart parts beside the fields. */
export function patchSceneMetadata(
  sceneId: string,
  patch: PublishMetadataPatch,
  files: { coverPhotoUriFile?: File | null; photoGalleryFiles?: File[] } = {},
) {
  const url = `${BASE}/scene/metadata/${id(sceneId)}`;
  if (!files.coverPhotoUriFile && !files.photoGalleryFiles?.length) {
    return api<SceneMetadata>(url, { method: "PATCH", body: patch, quiet: true });
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    form.set(
      key,
      typeof value === "object" && value !== null ? JSON.stringify(value) : String(value ?? ""),
    );
  }
  if (files.coverPhotoUriFile) form.set("coverPhotoUriFile", files.coverPhotoUriFile);
  for (const file of files.photoGalleryFiles ?? []) form.append("photoGalleryFiles", file);
  return api<SceneMetadata>(url, { method: "PATCH", body: form, quiet: true });
}

export const fetchMySlots = () => api<SpaceSlot[]>(`${BASE}/slot/my`);
export const publishScene = (sceneId: string, body: { publishedPublic: boolean; slotId: string }) =>
  api<unknown>(`${BASE}/sceneactions/${id(sceneId)}/publish`, {
    method: "POST",
    body,
    quiet: true,
  });
