import type {
  Comment,
  CreateSceneRequest,
  FavoriteState,
  LikeState,
  PremadeFamily,
  SceneDocument,
  SceneMetadataPatch,
  SlotView,
  SortOption,
  SpaceActivity,
  SpaceCard,
} from "@atrium/domain";
import { api } from "./client";

// The spaces calls (spec 2 §7.4): /api/sceneService for scenes, slots and premade spaces, and
// the scene parts of /api/socialInteractionService. The editor and the viewer use these too.

export const SCENE_SERVICE = "/api/sceneService";
export const SOCIAL_SERVICE = "/api/socialInteractionService";

const id = (value: string) => encodeURIComponent(value);

/** A scene's content as the content calls answer it. */
export interface SceneContent {
  sceneId: string;
  /** What the next saveSceneContent must name; a stale one is refused with 409. */
  revision: number;
  document: SceneDocument;
  updatedAt: string;
}

export interface SaveResult {
  sceneId: string;
  revision: number;
  updatedAt: string;
}

export interface DraftsLimitState {
  draftCount: number;
  limit: number | null;
  canCreate: boolean;
}

export interface SpaceSearchParams {
  q?: string;
  sort?: SortOption;
  cp?: number;
  ipp?: number;
  creatorId?: string;
  adultContent?: boolean;
}

// scenes

/** An empty custom scene document (GET /scene/custom). */
export const fetchEmptyCustomScene = (signal?: AbortSignal) =>
  api<SceneDocument>(`${SCENE_SERVICE}/scene/custom`, { signal });

/**
 * 200 when the signed-in user may create another draft; rejects with ApiError 403
 * ('Draft limit reached') otherwise. `quiet` leaves the 403 toast to the caller.
 */
export const checkDraftsLimit = (signal?: AbortSignal) =>
  api<DraftsLimitState>(`${SCENE_SERVICE}/scene/metadata/draftsLimit`, { signal, quiet: true });

/** Creates a draft (JSON, or FormData with coverPhotoUriFile/photoGalleryFiles). */
export const createScene = (metadata: CreateSceneRequest | FormData) =>
  api<SpaceCard>(`${SCENE_SERVICE}/scene/metadata`, { method: "POST", body: metadata });

export const updateSceneMetadata = (sceneId: string, patch: SceneMetadataPatch | FormData) =>
  api<SpaceCard>(`${SCENE_SERVICE}/scene/metadata/${id(sceneId)}`, {
    method: "PATCH",
    body: patch,
  });

/** Metadata of a scene: drafts for their owner only (403 otherwise). */
export const fetchSceneMetadata = (sceneId: string, signal?: AbortSignal) =>
  api<SpaceCard>(`${SCENE_SERVICE}/scene/metadata/${id(sceneId)}`, { signal, quiet: true });

/** Content of a scene: drafts for their owner only (the preview, draft=true). */
export const fetchSceneContent = (sceneId: string, signal?: AbortSignal) =>
  api<SceneContent>(`${SCENE_SERVICE}/scene/content/${id(sceneId)}`, { signal, quiet: true });

/**
 * Saves the document from the revision it was loaded at, with the metadata of the same save
 * (both or neither). 409 when someone saved in between.
 */
export const saveSceneContent = (
  sceneId: string,
  save: { revision: number; document: SceneDocument; metadata?: SceneMetadataPatch },
) =>
  // keepalive: a save started as the tab closes still reaches the server (issue 21 item 9)
  api<SaveResult>(`${SCENE_SERVICE}/scene/content/${id(sceneId)}`, {
    method: "PUT",
    body: save,
    keepalive: true,
  });

export const fetchMyScenes = (
  params: { state?: "Draft" | "Published"; cp?: number; ipp?: number } = {},
  signal?: AbortSignal,
) => api<SpaceCard[]>(`${SCENE_SERVICE}/scene/metadata/my`, { query: params, signal });

/** Hide (false) or unhide (true). */
export const setSceneVisibility = (sceneId: string, visible: boolean) =>
  api<SpaceCard>(`${SCENE_SERVICE}/scene/metadata/${id(sceneId)}/visibility`, {
    method: "PATCH",
    body: { visible },
  });

/** Publishes into a slot; 400 'Please assign your space to a slot to proceed.' without one. */
export const publishScene = (
  sceneId: string,
  request: { publishedPublic?: boolean; slotId: string | null },
) =>
  api<SpaceCard>(`${SCENE_SERVICE}/sceneactions/${id(sceneId)}/publish`, {
    method: "POST",
    body: { publishedPublic: request.publishedPublic ?? true, slotId: request.slotId },
  });

export const unpublishScene = (sceneId: string) =>
  api<SpaceCard>(`${SCENE_SERVICE}/${id(sceneId)}/unpublish`, { method: "POST", body: {} });

export const deleteScene = (sceneId: string) =>
  api<{ sceneId: string; deleted: boolean }>(
    `${SCENE_SERVICE}/sceneactions/${id(sceneId)}/delete`,
    { method: "POST", body: {} },
  );

export const duplicateScene = (sceneId: string) =>
  api<SpaceCard>(`${SCENE_SERVICE}/sceneactions/${id(sceneId)}/duplicate`, {
    method: "POST",
    body: {},
  });

// slots

export const fetchMySlots = (signal?: AbortSignal) =>
  api<SlotView[]>(`${SCENE_SERVICE}/slot/my`, { signal });

export const fetchAvailableSlots = (signal?: AbortSignal) =>
  api<SlotView[]>(`${SCENE_SERVICE}/slot/available`, { signal });

// published spaces

export const searchSpaces = (params: SpaceSearchParams, signal?: AbortSignal) =>
  api<SpaceCard[]>(`${SCENE_SERVICE}/publishedscene/metadata/search`, {
    query: { ...params },
    signal,
  });

export const fetchPublishedMetadata = (sceneId: string, signal?: AbortSignal) =>
  api<SpaceCard>(`${SCENE_SERVICE}/publishedscene/metadata/${id(sceneId)}`, {
    signal,
    quiet: true,
  });

export const fetchPublishedContent = (sceneId: string, signal?: AbortSignal) =>
  api<SceneContent>(`${SCENE_SERVICE}/publishedscene/content/${id(sceneId)}`, {
    signal,
    quiet: true,
  });

export const fetchMyPublished = (params: { cp?: number; ipp?: number } = {}) =>
  api<SpaceCard[]>(`${SCENE_SERVICE}/publishedscene/metadata/my`, { query: params });

/** Published spaces by id (at most 60), in the order given; unknown or hidden ones left out. */
export const fetchManyPublished = (sceneIds: string[], signal?: AbortSignal) =>
  sceneIds.length === 0
    ? Promise.resolve([] as SpaceCard[])
    : api<SpaceCard[]>(
        `${SCENE_SERVICE}/publishedscene/metadata/many/${sceneIds.map(id).join(",")}`,
        { signal },
      );

export const fetchCommunicationAccess = (sceneId: string, signal?: AbortSignal) =>
  api<{ sceneId: string; communicationACLEnabled: boolean; allowed: boolean }>(
    `${SCENE_SERVICE}/sceneaccess/${id(sceneId)}/communication`,
    { signal, quiet: true },
  );

// premade spaces

export const fetchPremadeFamilies = (signal?: AbortSignal) =>
  api<PremadeFamily[]>(`${SCENE_SERVICE}/premadescene`, { signal });

/** A family (by family or template id) with each template's document. */
export const fetchPremadeFamily = (familyOrTemplateId: string, signal?: AbortSignal) =>
  api<PremadeFamily>(`${SCENE_SERVICE}/premadescene/${id(familyOrTemplateId)}`, { signal });

// social

export const fetchLikeState = (sceneId: string, signal?: AbortSignal) =>
  api<LikeState>(`${SOCIAL_SERVICE}/scenelike/scene/${id(sceneId)}`, { signal, quiet: true });

/** Toggles the like (or sets it with `liked`). */
export const toggleLike = (sceneId: string, liked?: boolean) =>
  api<LikeState>(`${SOCIAL_SERVICE}/scenelike`, {
    method: "POST",
    body: liked === undefined ? { sceneId } : { sceneId, liked },
  });

export const fetchComments = (sceneId: string, signal?: AbortSignal) =>
  api<Comment[]>(`${SOCIAL_SERVICE}/scenecomment/scene/${id(sceneId)}`, { signal, quiet: true });

export const addComment = (sceneId: string, body: string, parentCommentId: string | null = null) =>
  api<Comment>(`${SOCIAL_SERVICE}/scenecomment`, {
    method: "POST",
    body: { sceneId, body, parentCommentId },
  });

export const editComment = (commentId: string, body: string) =>
  api<Comment>(`${SOCIAL_SERVICE}/scenecomment/${id(commentId)}`, {
    method: "PATCH",
    body: { body },
  });

export const deleteComment = (commentId: string) =>
  api<{ commentId: string; deleted: boolean }>(`${SOCIAL_SERVICE}/scenecomment/${id(commentId)}`, {
    method: "DELETE",
  });

/** Counts a visit (once per visitor per day) and adds it to the signed-in user's history. */
export const recordSceneView = (sceneId: string) =>
  api<{ sceneId: string; counted: boolean; views: number }>(`${SOCIAL_SERVICE}/sceneview`, {
    method: "POST",
    body: { sceneId },
    quiet: true,
  });

export const fetchHistory = (params: { cp?: number; ipp?: number } = {}) =>
  api<SpaceActivity[]>(`${SOCIAL_SERVICE}/scenehistory/my`, { query: params });

export const clearHistory = () =>
  api<{ cleared: boolean }>(`${SOCIAL_SERVICE}/scenehistory/my`, { method: "DELETE" });

export const fetchFavorites = (params: { cp?: number; ipp?: number } = {}) =>
  api<SpaceActivity[]>(`${SOCIAL_SERVICE}/scenefavorite/my`, { query: params });

export const fetchFavoriteState = (sceneId: string, signal?: AbortSignal) =>
  api<FavoriteState>(`${SOCIAL_SERVICE}/scenefavorite/scene/${id(sceneId)}`, {
    signal,
    quiet: true,
  });

/** The ids of the signed-in user's favourite spaces (one call for a page of cards). */
export const fetchFavoriteIds = (signal?: AbortSignal) =>
  api<{ sceneIds: string[] }>(`${SOCIAL_SERVICE}/scenefavorite/my/ids`, { signal, quiet: true });

export const toggleFavorite = (sceneId: string, favorite?: boolean) =>
  api<FavoriteState>(`${SOCIAL_SERVICE}/scenefavorite`, {
    method: "POST",
    body: favorite === undefined ? { sceneId } : { sceneId, favorite },
  });

/** Spaces a user liked. */
export const fetchLikedBy = (userId: string, params: { cp?: number; ipp?: number } = {}) =>
  api<SpaceCard[]>(`${SOCIAL_SERVICE}/scenelike/user/${id(userId)}`, { query: params });
