import type { SceneMetadataPatch } from "@atrium/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import {
  CARD_COLUMNS,
  CARD_FROM,
  type Executor,
  query,
  type SceneRow,
  type SlotRow,
} from "./rows.js";

/** Metadata fields and their columns; arrays are text[]. */
const COLUMNS: Record<keyof SceneMetadataPatch, { column: string; array?: boolean }> = {
  title: { column: "title" },
  description: { column: "description" },
  tags: { column: "tags", array: true },
  comments: { column: "comments_enabled" },
  adultContent: { column: "adult_content" },
  coverPhotoUri: { column: "cover_photo_uri" },
  photoGallery: { column: "photo_gallery", array: true },
  audioUri: { column: "audio_uri" },
  thumbnailUri: { column: "thumbnail_uri" },
  visible: { column: "visible" },
  publishedPublic: { column: "published_public" },
  publishedPublicDistricts: { column: "published_public_districts", array: true },
  publishedPrivateDistricts: { column: "published_private_districts", array: true },
  restrictedToGroups: { column: "restricted_to_groups", array: true },
  districtId: { column: "district_id" },
  privacyACLEnabled: { column: "privacy_acl_enabled" },
  userPrivacyACL: { column: "user_privacy_acl", array: true },
  groupPrivacyACL: { column: "group_privacy_acl", array: true },
  communicationACLEnabled: { column: "communication_acl_enabled" },
  userCommunicationACL: { column: "user_communication_acl", array: true },
  groupCommunicationACL: { column: "group_communication_acl", array: true },
};

function assignments(patch: SceneMetadataPatch): SQL[] {
  const parts: SQL[] = [];
  for (const [key, spec] of Object.entries(COLUMNS)) {
    const value = patch[key as keyof SceneMetadataPatch];
    if (value === undefined) continue;
    const column = sql.raw(spec.column);
    parts.push(
      spec.array
        ? sql`${column} = ${textArray(value as string[])}`
        : sql`${column} = ${value as string | boolean | null}`,
    );
  }
  return parts;
}

/** A text[] parameter both drivers accept. */
export const textArray = (values: readonly string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::text[]`;

export function createScenesRepo(db: Database) {
  const card = async (executor: Executor, where: SQL) =>
    (
      await query<SceneRow>(executor, sql`SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE ${where}`)
    )[0];

  return {
    db,
    card: (id: string, executor: Executor = db) => card(executor, sql`s.id = ${id}`),

    async cards(where: SQL, order: SQL, limit: number, offset: number, executor: Executor = db) {
      return query<SceneRow>(
        executor,
        sql`SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      );
    },

    /** Ids of up to `limit` spaces matching `where` (the text index's bitmap, no sort). */
    async matchingIds(where: SQL, limit: number) {
      const rows = await query<{ id: string }>(
        db,
        sql`SELECT s.id FROM scenes s WHERE ${where} LIMIT ${limit}`,
      );
      return rows.map((row) => row.id);
    },

    async countDrafts(ownerId: string) {
      const [row] = await query<{ n: number | string }>(
        db,
        sql`SELECT count(*) AS n FROM scenes WHERE owner_id = ${ownerId} AND state = 'Draft'`,
      );
      return Number(row?.n ?? 0);
    },

    async countPublished(ownerId: string) {
      const [row] = await query<{ n: number | string }>(
        db,
        sql`SELECT count(*) AS n FROM scenes WHERE owner_id = ${ownerId} AND state = 'Published' AND visible`,
      );
      return Number(row?.n ?? 0);
    },

    async setDistrictSubdomain(executor: Executor, id: string, subdomain: string) {
      await query(
        executor,
        sql`UPDATE scenes SET district_subdomain = ${subdomain} WHERE id = ${id}`,
      );
    },

    async insertScene(
      executor: Executor,
      scene: { id: string; ownerId: string; premadeTemplateId: string | null },
      patch: SceneMetadataPatch,
      document: unknown,
    ) {
      await query(
        executor,
        sql`INSERT INTO scenes (id, owner_id, creator_id, premade_template_id) VALUES (${scene.id}, ${scene.ownerId}, ${scene.ownerId}, ${scene.premadeTemplateId})`,
      );
      const sets = assignments(patch);
      if (sets.length > 0) {
        await query(
          executor,
          sql`UPDATE scenes SET ${sql.join(sets, sql`, `)} WHERE id = ${scene.id}`,
        );
      }
      await query(
        executor,
        sql`INSERT INTO scene_contents (scene_id, document, revision) VALUES (${scene.id}, ${JSON.stringify(document)}::json, 0)`,
      );
    },

    async updateMetadata(executor: Executor, id: string, patch: SceneMetadataPatch) {
      const sets = assignments(patch);
      sets.push(sql`updated_at = now()`);
      await query(executor, sql`UPDATE scenes SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
    },

    async content(id: string) {
      const [row] = await query<{ document: unknown; revision: number; updated_at: Date | string }>(
        db,
        sql`SELECT document, revision, updated_at FROM scene_contents WHERE scene_id = ${id}`,
      );
      return row;
    },

    /**
     * Writes the document when `revision` is still current, and the scene's update time, in one
     * statement; returns the new revision or null when the revision was stale.
     */
    async writeContent(executor: Executor, id: string, revision: number, document: unknown) {
      const [row] = await query<{ revision: number; updated_at: Date | string }>(
        executor,
        sql`WITH written AS (
              UPDATE scene_contents SET document = ${JSON.stringify(document)}::json,
                revision = revision + 1, updated_at = now()
              WHERE scene_id = ${id} AND revision = ${revision}
              RETURNING revision, updated_at),
            touched AS (
              UPDATE scenes SET updated_at = now() WHERE id = ${id} AND EXISTS (SELECT 1 FROM written))
            SELECT revision, updated_at FROM written`,
      );
      return row ?? null;
    },

    /** Who owns a scene (null: no such scene), without the card's joins. */
    async ownerOf(id: string) {
      const [row] = await query<{ owner_id: string }>(
        db,
        sql`SELECT owner_id FROM scenes WHERE id = ${id}`,
      );
      return row?.owner_id ?? null;
    },

    async deleteScene(executor: Executor, id: string) {
      await query(
        executor,
        sql`UPDATE space_slots SET scene_id = NULL, publisher_id = NULL WHERE scene_id = ${id}`,
      );
      await query(executor, sql`DELETE FROM scenes WHERE id = ${id}`);
    },

    // slots

    /** The Starter slot of a user: one month from sign-up, made on first need. */
    async ensureFreeSlot(ownerId: string) {
      await query(
        db,
        sql`INSERT INTO space_slots (id, owner_id, kind, expires_at)
            SELECT 'slot-free-' || id, id, 'free', created_at + interval '1 month' FROM users WHERE id = ${ownerId}
            ON CONFLICT DO NOTHING`,
      );
    },

    async slots(ownerId: string) {
      return query<SlotRow>(
        db,
        sql`SELECT * FROM space_slots WHERE owner_id = ${ownerId} ORDER BY (kind = 'free') DESC, created_at, id`,
      );
    },

    async slot(id: string, executor: Executor = db) {
      const [row] = await query<SlotRow>(
        executor,
        sql`SELECT * FROM space_slots WHERE id = ${id} FOR UPDATE`,
      );
      return row;
    },

    async placeInSlot(executor: Executor, sceneId: string, slotId: string, publisherId: string) {
      await query(
        executor,
        sql`UPDATE space_slots SET scene_id = NULL, publisher_id = NULL WHERE scene_id = ${sceneId} AND id <> ${slotId}`,
      );
      await query(
        executor,
        sql`UPDATE space_slots SET scene_id = ${sceneId}, publisher_id = ${publisherId} WHERE id = ${slotId}`,
      );
    },

    async publish(executor: Executor, sceneId: string, slotId: string, publishedPublic: boolean) {
      await query(
        executor,
        sql`UPDATE scenes SET state = 'Published', slot_id = ${slotId}, published_public = ${publishedPublic},
              published_at = coalesce(published_at, now()), updated_at = now()
            WHERE id = ${sceneId}`,
      );
    },

    async unpublish(executor: Executor, sceneId: string) {
      await query(
        executor,
        sql`UPDATE space_slots SET scene_id = NULL, publisher_id = NULL WHERE scene_id = ${sceneId}`,
      );
      await query(
        executor,
        sql`UPDATE scenes SET state = 'Draft', slot_id = NULL, published_at = NULL, updated_at = now() WHERE id = ${sceneId}`,
      );
    },

    /**
     * Unpublishes the spaces of free slots past their expiry and marks the slots inactive.
     * One statement over rows claimed with SKIP LOCKED: instances running it together never
     * handle a slot twice. Nothing is deleted. Returns the scenes unpublished.
     */
    async expireFreeSlots(now: Date) {
      return db.transaction(async (tx) => {
        const expired = await query<{ id: string; scene_id: string | null }>(
          tx,
          sql`UPDATE space_slots SET active = false
              WHERE id IN (
                SELECT id FROM space_slots
                WHERE kind = 'free' AND active AND expires_at IS NOT NULL AND expires_at <= ${now.toISOString()}::timestamptz
                FOR UPDATE SKIP LOCKED)
              RETURNING id, scene_id`,
        );
        const sceneIds = expired
          .map((row) => row.scene_id)
          .filter((id): id is string => id !== null);
        if (sceneIds.length > 0) {
          await query(
            tx,
            sql`UPDATE scenes SET state = 'Draft', slot_id = NULL, published_at = NULL, updated_at = now()
                WHERE id = ANY(${textArray(sceneIds)})`,
          );
          await query(
            tx,
            sql`UPDATE space_slots SET scene_id = NULL, publisher_id = NULL WHERE scene_id = ANY(${textArray(sceneIds)})`,
          );
        }
        return sceneIds;
      });
    },

    // premade spaces

    async templateFamilies() {
      return query<FamilyRow>(
        db,
        sql`SELECT f.id, f.title, f.description, f.tier, f.cover_photo, f.photo_gallery FROM space_template_families f ORDER BY f.sort_order, f.id`,
      );
    },

    async templates(familyId: string | null) {
      return query<TemplateRow>(
        db,
        sql`SELECT id, family_id, title, size, tier, credit_price, district_item_id, cover_photo, photo_gallery, document
            FROM space_templates ${familyId === null ? sql`` : sql`WHERE family_id = ${familyId}`}
            ORDER BY sort_order, id`,
      );
    },

    async template(id: string) {
      const [row] = await query<TemplateRow>(
        db,
        sql`SELECT id, family_id, title, size, tier, credit_price, district_item_id, cover_photo, photo_gallery, document
            FROM space_templates WHERE id = ${id}`,
      );
      return row;
    },
  };
}

export interface FamilyRow {
  id: string;
  title: string;
  description: string;
  tier: "Standard" | "Premium";
  cover_photo: string | null;
  photo_gallery: string[];
}

export interface TemplateRow {
  id: string;
  family_id: string;
  title: string;
  size: string;
  tier: "Standard" | "Premium";
  credit_price: number;
  district_item_id: string | null;
  cover_photo: string | null;
  photo_gallery: string[];
  document: unknown;
}

export type ScenesRepo = ReturnType<typeof createScenesRepo>;
