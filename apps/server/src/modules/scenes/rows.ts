import type { SlotView, SpaceCard } from "@atrium/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { fileUrl } from "../files/service.js";

// Raw rows of the spaces tables and their API shapes. Both database drivers answer raw SQL
// with `{ rows }` and timestamps as Date objects.

export type Executor = Pick<Database, "execute">;

export async function query<Row>(db: Executor, statement: SQL): Promise<Row[]> {
  const result = await db.execute(statement);
  return ((result as { rows?: unknown[] }).rows ?? []) as Row[];
}

export interface SceneRow {
  id: string;
  owner_id: string;
  creator_id: string;
  title: string;
  description: string;
  tags: string[];
  comments_enabled: boolean;
  adult_content: boolean;
  cover_photo_uri: string | null;
  photo_gallery: string[];
  audio_uri: string | null;
  thumbnail_uri: string | null;
  state: "Draft" | "Published";
  visible: boolean;
  published_public: boolean;
  published_public_districts: string[];
  published_private_districts: string[];
  restricted_to_groups: string[];
  district_id: string | null;
  district_subdomain: string | null;
  slot_id: string | null;
  premade_template_id: string | null;
  privacy_acl_enabled: boolean;
  user_privacy_acl: string[];
  group_privacy_acl: string[];
  communication_acl_enabled: boolean;
  user_communication_acl: string[];
  group_communication_acl: string[];
  likes_count: number;
  views_count: number;
  comments_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  published_at: Date | string | null;
  creator_name: string;
  creator_picture: string | null;
  revision: number | null;
}

/** The columns a card needs: the scene, its creator and its content's revision. */
export const CARD_COLUMNS = sql.raw(`s.id, s.owner_id, s.creator_id, s.title, s.description, s.tags,
  s.comments_enabled, s.adult_content, s.cover_photo_uri, s.photo_gallery, s.audio_uri,
  s.thumbnail_uri, s.state, s.visible, s.published_public, s.published_public_districts,
  s.published_private_districts, s.restricted_to_groups, s.district_id, s.district_subdomain,
  s.slot_id, s.premade_template_id, s.privacy_acl_enabled, s.user_privacy_acl,
  s.group_privacy_acl, s.communication_acl_enabled, s.user_communication_acl,
  s.group_communication_acl, s.likes_count, s.views_count, s.comments_count, s.created_at,
  s.updated_at, s.published_at, u.name AS creator_name,
  u.profile_picture_file_id AS creator_picture,
  (SELECT c.revision FROM scene_contents c WHERE c.scene_id = s.id) AS revision`);

export const CARD_FROM = sql.raw("scenes s JOIN users u ON u.id = s.owner_id");

export const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export function toCard(row: SceneRow): SpaceCard {
  const creator = {
    userId: row.owner_id,
    name: row.creator_name,
    profilePicture: row.creator_picture ? fileUrl(row.creator_picture) : null,
  };
  return {
    sceneId: row.id,
    title: row.title,
    description: row.description,
    tags: row.tags,
    comments: row.comments_enabled,
    adultContent: row.adult_content,
    coverPhotoUri: row.cover_photo_uri,
    photoGallery: row.photo_gallery,
    audioUri: row.audio_uri,
    thumbnailUri: row.thumbnail_uri ?? row.cover_photo_uri,
    state: row.state,
    visible: row.visible,
    publishedPublic: row.published_public,
    publishedPublicDistricts: row.published_public_districts,
    publishedPrivateDistricts: row.published_private_districts,
    restrictedToGroups: row.restricted_to_groups,
    districtId: row.district_id,
    districtSubdomain: row.district_subdomain,
    ownerId: row.owner_id,
    creatorId: row.creator_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    publishedAt: isoOrNull(row.published_at),
    slotId: row.slot_id,
    privacyACLEnabled: row.privacy_acl_enabled,
    userPrivacyACL: row.user_privacy_acl,
    groupPrivacyACL: row.group_privacy_acl,
    communicationACLEnabled: row.communication_acl_enabled,
    userCommunicationACL: row.user_communication_acl,
    groupCommunicationACL: row.group_communication_acl,
    creator,
    likes: row.likes_count,
    views: row.views_count,
    commentsCount: row.comments_count,
    liveVisitors: [],
    premadeSceneId: row.premade_template_id,
    revision: row.revision ?? 0,
  };
}

/**
 * What a visitor who is not the owner may read of a card: the access lists name other people,
 * so they are left out.
 */
export function publicCard(card: SpaceCard): SpaceCard {
  return {
    ...card,
    userPrivacyACL: [],
    groupPrivacyACL: [],
    userCommunicationACL: [],
    groupCommunicationACL: [],
  };
}

export interface SlotRow {
  id: string;
  owner_id: string;
  kind: "free" | "purchased" | "district" | "plan";
  district_id: string | null;
  district_subdomain: string | null;
  product_id: string | null;
  scene_id: string | null;
  publisher_id: string | null;
  active: boolean;
  expires_at: Date | string | null;
  keep_alive_credits: number;
}

export function toSlot(row: SlotRow, scene: SpaceCard | null): SlotView {
  return {
    slotId: row.id,
    kind: row.kind,
    active: row.active,
    districtSlot: row.kind === "district",
    districtId: row.district_id,
    districtSubdomain: row.district_subdomain,
    ownerId: row.owner_id,
    productId: row.product_id,
    publisherId: row.publisher_id,
    sceneId: row.scene_id,
    expiresAt: isoOrNull(row.expires_at),
    keepAliveCredits: row.keep_alive_credits,
    sceneMetadata: scene,
  };
}
