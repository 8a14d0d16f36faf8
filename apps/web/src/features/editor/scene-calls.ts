import type { SceneDocument, SceneMetadata } from "@atrium/domain";
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
  updateMetadata(sceneId: string, body: { title: string }): Promise<unknown>;
  /** Rejects with ApiError 409 when `revision` is not the stored one. */
  putContent(
    sceneId: string,
    body: { revision: number; document: SceneDocument },
  ): Promise<{ revision: number }>;
}

export const sceneCalls: SceneCalls = {
  createMetadata: (body) =>
    api<SceneMetadata>(`${BASE}/scene/metadata`, { method: "POST", body, quiet: true }),
  updateMetadata: (sceneId, body) =>
    api<SceneMetadata>(`${BASE}/scene/metadata/${id(sceneId)}`, {
      method: "PATCH",
      body,
      quiet: true,
    }),
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
