import { DISTRICT_INCLUDED_SLOTS, type DistrictRole } from "@atrium/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { type Executor, query } from "../scenes/rows.js";

// The SQL of districts, their members, groups, invitations and follows (migration 0800).

export interface DistrictRow {
  id: string;
  owner_id: string;
  title: string;
  subdomain: string;
  subtitle: string;
  description: string;
  photo: string | null;
  cover_photo: string | null;
  styles: Record<string, unknown>;
  social_media: { name: string; url: string }[];
  public: boolean;
  visible: boolean;
  listed: boolean;
  active: boolean;
  created_at: Date | string;
  owner_name: string;
  owner_picture: string | null;
  followers: number | string;
}

export interface MemberRow {
  user_id: string;
  name: string;
  picture: string | null;
  role: DistrictRole;
}

export interface GroupRow {
  id: string;
  district_id: string | null;
  owner_id: string;
  title: string;
  description: string;
  image: string | null;
  members: string[];
}

export interface InvitationRow {
  id: string;
  district_id: string;
  district_title: string;
  subdomain: string;
  inviter_id: string;
  email: string;
  role: "Creator" | "Guest";
  expires_at: Date | string;
  used_at: Date | string | null;
  created_at: Date | string;
}

const DISTRICT_SELECT = sql.raw(`SELECT d.id, d.owner_id, d.title, d.subdomain, d.subtitle,
  d.description, d.photo, d.cover_photo, d.styles, d.social_media, d.public, d.visible,
  d.listed, d.active, d.created_at, u.name AS owner_name,
  u.profile_picture_file_id AS owner_picture,
  (SELECT count(*) FROM district_follows f WHERE f.district_id = d.id) AS followers
  FROM districts d JOIN users u ON u.id = d.owner_id`);

const GROUP_SELECT = sql.raw(`SELECT g.id, g.district_id, g.owner_id, g.title, g.description,
  g.image, ARRAY(SELECT gm.user_id FROM group_members gm WHERE gm.group_id = g.id
  ORDER BY gm.created_at, gm.user_id) AS members FROM user_groups g`);

const INVITATION_SELECT = sql.raw(`SELECT i.id, i.district_id, d.title AS district_title,
  d.subdomain, i.inviter_id, i.email, i.role, i.expires_at, i.used_at, i.created_at
  FROM district_invitations i JOIN districts d ON d.id = i.district_id`);

/** A text[] parameter both drivers accept. */
const textArray = (values: readonly string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::text[]`;

export function createDistrictsRepo(db: Database) {
  const one = async <Row>(statement: SQL, executor: Executor = db) =>
    (await query<Row>(executor, statement))[0];

  return {
    db,

    district: (where: SQL, executor: Executor = db) =>
      one<DistrictRow>(sql`${DISTRICT_SELECT} WHERE ${where}`, executor),

    districts: (where: SQL, order: SQL, limit: number, offset: number) =>
      query<DistrictRow>(
        db,
        sql`${DISTRICT_SELECT} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      ),

    async taken(subdomain: string, titleKey: string | null) {
      const rows = await query<{ subdomain: boolean; title: boolean }>(
        db,
        sql`SELECT EXISTS (SELECT 1 FROM districts WHERE subdomain = ${subdomain}) AS subdomain,
          EXISTS (SELECT 1 FROM districts WHERE title_key = ${titleKey ?? ""}) AS title`,
      );
      return rows[0] ?? { subdomain: false, title: false };
    },

    async insertDistrict(
      executor: Executor,
      row: {
        id: string;
        ownerId: string;
        title: string;
        titleKey: string;
        subdomain: string;
        public: boolean;
        visible: boolean;
        listed: boolean;
        freeSpaceTemplateId: string;
      },
    ) {
      await query(
        executor,
        sql`INSERT INTO districts (id, owner_id, title, title_key, subdomain, public, visible, listed, free_space_template_id)
          VALUES (${row.id}, ${row.ownerId}, ${row.title}, ${row.titleKey}, ${row.subdomain}, ${row.public}, ${row.visible}, ${row.listed}, ${row.freeSpaceTemplateId})`,
      );
      await query(
        executor,
        sql`INSERT INTO district_members (district_id, user_id, role) VALUES (${row.id}, ${row.ownerId}, 'Owner')`,
      );
      // the slots a district comes with (kind 'district', no keep-alive); more are bought
      // through its cart (cart.ts)
      for (let index = 1; index <= DISTRICT_INCLUDED_SLOTS; index++) {
        await query(
          executor,
          sql`INSERT INTO space_slots (id, owner_id, kind, district_id, district_subdomain, keep_alive_credits)
            VALUES (${`slot-district-${row.id}-${index}`}, ${row.ownerId}, 'district', ${row.id}, ${row.subdomain}, 0)`,
        );
      }
    },

    async updateDistrict(id: string, sets: SQL[]) {
      if (sets.length === 0) return;
      await query(
        db,
        sql`UPDATE districts SET ${sql.join(sets, sql`, `)}, updated_at = now() WHERE id = ${id}`,
      );
    },

    async roleOf(districtId: string, userId: string, executor: Executor = db) {
      const row = await one<{ role: DistrictRole }>(
        sql`SELECT role FROM district_members WHERE district_id = ${districtId} AND user_id = ${userId}`,
        executor,
      );
      return row?.role ?? null;
    },

    /**
     * The user's role in each of these districts and whether they follow it, in one query
     * for a whole page of districts (a district they neither belong to nor follow is absent).
     */
    async rolesOf(districtIds: readonly string[], userId: string) {
      const seen = new Map<string, { role: DistrictRole | null; follows: boolean }>();
      if (districtIds.length === 0) return seen;
      const rows = await query<{ id: string; role: DistrictRole | null; follows: boolean }>(
        db,
        sql`SELECT d.id,
            (SELECT m.role FROM district_members m WHERE m.district_id = d.id AND m.user_id = ${userId}) AS role,
            EXISTS (SELECT 1 FROM district_follows f WHERE f.district_id = d.id AND f.user_id = ${userId}) AS follows
          FROM districts d WHERE d.id = ANY(${textArray(districtIds)})`,
      );
      for (const row of rows) {
        if (row.role !== null || row.follows)
          seen.set(row.id, { role: row.role, follows: row.follows });
      }
      return seen;
    },

    members: (districtId: string, userId?: string) =>
      query<MemberRow>(
        db,
        sql`SELECT m.user_id, u.name, u.profile_picture_file_id AS picture, m.role
          FROM district_members m JOIN users u ON u.id = m.user_id
          WHERE m.district_id = ${districtId} ${userId ? sql`AND m.user_id = ${userId}` : sql``}
          ORDER BY (m.role = 'Owner') DESC, (m.role = 'Creator') DESC, m.created_at, m.user_id`,
      ),

    async addMember(executor: Executor, districtId: string, userId: string, role: DistrictRole) {
      await query(
        executor,
        sql`INSERT INTO district_members (district_id, user_id, role) VALUES (${districtId}, ${userId}, ${role})`,
      );
    },

    async setRole(districtId: string, userId: string, role: DistrictRole) {
      await query(
        db,
        sql`UPDATE district_members SET role = ${role} WHERE district_id = ${districtId} AND user_id = ${userId}`,
      );
    },

    /** Leaving a district also leaves its groups. */
    async removeMember(districtId: string, userId: string) {
      await db.transaction(async (tx) => {
        await query(
          tx,
          sql`DELETE FROM group_members WHERE user_id = ${userId}
            AND group_id IN (SELECT id FROM user_groups WHERE district_id = ${districtId})`,
        );
        await query(
          tx,
          sql`DELETE FROM district_members WHERE district_id = ${districtId} AND user_id = ${userId}`,
        );
      });
    },

    /** A member's district slots go back to the district's owner (removed, or made a Guest). */
    async returnSlots(districtId: string, userId: string) {
      await query(
        db,
        sql`UPDATE space_slots SET owner_id = (SELECT owner_id FROM districts WHERE id = ${districtId})
          WHERE kind = 'district' AND district_id = ${districtId} AND owner_id = ${userId}`,
      );
    },

    // invitations

    async insertInvitation(row: {
      id: string;
      districtId: string;
      inviterId: string;
      email: string;
      role: "Creator" | "Guest";
      codeHash: string;
      expiresAt: Date;
    }) {
      await query(
        db,
        sql`INSERT INTO district_invitations (id, district_id, inviter_id, email, role, code_hash, expires_at)
          VALUES (${row.id}, ${row.districtId}, ${row.inviterId}, ${row.email}, ${row.role}, ${row.codeHash}, ${row.expiresAt.toISOString()})`,
      );
    },

    invitation: (where: SQL, executor: Executor = db, lock = false) =>
      one<InvitationRow>(
        sql`${INVITATION_SELECT} WHERE ${where}${lock ? sql` FOR UPDATE OF i` : sql``}`,
        executor,
      ),

    invitations: (where: SQL) =>
      query<InvitationRow>(db, sql`${INVITATION_SELECT} WHERE ${where} ORDER BY i.created_at DESC`),

    /** Deletes an open invitation of the district: its code no longer matches anything. */
    async deleteOpenInvitation(districtId: string, id: string) {
      const rows = await query<{ id: string }>(
        db,
        sql`DELETE FROM district_invitations WHERE id = ${id} AND district_id = ${districtId} AND used_at IS NULL RETURNING id`,
      );
      return rows.length > 0;
    },

    async markInvitationUsed(executor: Executor, id: string, userId: string, at: Date) {
      await query(
        executor,
        sql`UPDATE district_invitations SET used_at = ${at.toISOString()}, used_by = ${userId} WHERE id = ${id}`,
      );
    },

    // groups

    group: (id: string) => one<GroupRow>(sql`${GROUP_SELECT} WHERE g.id = ${id}`),

    groups: (where: SQL) =>
      query<GroupRow>(db, sql`${GROUP_SELECT} WHERE ${where} ORDER BY g.created_at, g.id`),

    async saveGroup(
      group: {
        id: string;
        districtId: string | null;
        ownerId: string;
        title: string;
        description: string;
        image: string | null;
      },
      members: string[] | undefined,
      isNew: boolean,
    ) {
      await db.transaction(async (tx) => {
        if (isNew) {
          await query(
            tx,
            sql`INSERT INTO user_groups (id, district_id, owner_id, title, description, image)
              VALUES (${group.id}, ${group.districtId}, ${group.ownerId}, ${group.title}, ${group.description}, ${group.image})`,
          );
        } else {
          await query(
            tx,
            sql`UPDATE user_groups SET title = ${group.title}, description = ${group.description},
              image = ${group.image}, updated_at = now() WHERE id = ${group.id}`,
          );
        }
        if (members === undefined) return;
        await query(
          tx,
          sql`DELETE FROM group_members WHERE group_id = ${group.id} AND NOT (user_id = ANY(${textArray(members)}))`,
        );
        await query(
          tx,
          sql`INSERT INTO group_members (group_id, user_id)
            SELECT ${group.id}, unnest(${textArray(members)}) ON CONFLICT DO NOTHING`,
        );
      });
    },

    async deleteGroup(id: string) {
      await query(db, sql`DELETE FROM user_groups WHERE id = ${id}`);
    },

    /** Whether the user hides their groups from others (Settings); null when no such user. */
    async hidesGroups(userId: string) {
      const rows = await query<{ hide_groups: boolean }>(
        db,
        sql`SELECT hide_groups FROM users WHERE id = ${userId}`,
      );
      return rows[0] ? rows[0].hide_groups : null;
    },

    async existingUsers(ids: string[]) {
      const rows = await query<{ id: string }>(
        db,
        sql`SELECT id FROM users WHERE id = ANY(${textArray(ids)})`,
      );
      return new Set(rows.map((row) => row.id));
    },

    async membersAmong(districtId: string, ids: string[]) {
      const rows = await query<{ user_id: string }>(
        db,
        sql`SELECT user_id FROM district_members WHERE district_id = ${districtId} AND user_id = ANY(${textArray(ids)})`,
      );
      return new Set(rows.map((row) => row.user_id));
    },

    async groupsOf(userId: string) {
      const rows = await query<{ group_id: string }>(
        db,
        sql`SELECT group_id FROM group_members WHERE user_id = ${userId}`,
      );
      return rows.map((row) => row.group_id);
    },

    // follows

    async follow(districtId: string, userId: string, follows: boolean) {
      await query(
        db,
        follows
          ? sql`INSERT INTO district_follows (district_id, user_id) VALUES (${districtId}, ${userId}) ON CONFLICT DO NOTHING`
          : sql`DELETE FROM district_follows WHERE district_id = ${districtId} AND user_id = ${userId}`,
      );
    },

    async followState(districtId: string, userId: string | null) {
      const row = await one<{ follows: boolean; followers: number | string }>(
        sql`SELECT EXISTS (SELECT 1 FROM district_follows WHERE district_id = ${districtId} AND user_id = ${userId ?? ""}) AS follows,
          (SELECT count(*) FROM district_follows WHERE district_id = ${districtId}) AS followers`,
      );
      return { follows: row?.follows === true, followers: Number(row?.followers ?? 0) };
    },
  };
}

export type DistrictsRepo = ReturnType<typeof createDistrictsRepo>;
