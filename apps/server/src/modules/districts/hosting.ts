import { randomUUID } from "node:crypto";
import { type HostingRequest, HostingRequestInputSchema, messages } from "@atrium/domain";
import { type SQL, sql } from "drizzle-orm";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { iso, query } from "../scenes/rows.js";
import { createAccess, type DistrictsDeps, parseBody } from "./common.js";

// Hosting requests and promotion (issue 18 item 3; the spec names both among the District
// owner's tasks without describing them; Atrium's reading, docs/districts.md): a user offers
// one of their own spaces to a District they may enter; its owner accepts (the space joins the
// District, its maker becomes a Creator, a published space moves into a free slot of the
// District) or declines; the maker may withdraw a request not answered yet. The owner promotes
// published spaces of the District: they lead its home page.

interface RequestRow {
  id: string;
  district_id: string;
  district_title: string;
  subdomain: string;
  scene_id: string;
  scene_title: string;
  scene_state: "Draft" | "Published";
  thumbnail_uri: string | null;
  requester_id: string;
  requester_name: string;
  message: string;
  state: "pending" | "accepted" | "declined";
  created_at: Date | string;
  decided_at: Date | string | null;
}

const REQUEST_SELECT = sql`SELECT r.id, r.district_id, d.title AS district_title, d.subdomain,
  r.scene_id, s.title AS scene_title, s.state AS scene_state, s.thumbnail_uri,
  r.requester_id, u.name AS requester_name, r.message, r.state, r.created_at, r.decided_at
  FROM district_hosting_requests r
  JOIN districts d ON d.id = r.district_id
  JOIN scenes s ON s.id = r.scene_id
  JOIN users u ON u.id = r.requester_id`;

const toRequest = (row: RequestRow): HostingRequest => ({
  requestId: row.id,
  districtId: row.district_id,
  districtTitle: row.district_title,
  subdomain: row.subdomain,
  sceneId: row.scene_id,
  sceneTitle: row.scene_title,
  sceneState: row.scene_state,
  thumbnailUri: row.thumbnail_uri,
  requester: { userId: row.requester_id, name: row.requester_name },
  message: row.message,
  state: row.state,
  createdAt: iso(row.created_at) as string,
  decidedAt: row.decided_at === null ? null : iso(row.decided_at),
});

export function createDistrictHostingService(deps: DistrictsDeps) {
  const { repo } = deps;
  const db = repo.db;
  const access = createAccess(repo);
  const byId = (id: string) => sql`d.id = ${id}`;

  const requests = async (where: SQL) =>
    (
      await query<RequestRow>(
        db,
        sql`${REQUEST_SELECT} WHERE ${where} ORDER BY r.created_at DESC, r.id`,
      )
    ).map(toRequest);
  async function oneRequest(districtId: string, requestId: string) {
    const [found] = await requests(sql`r.id = ${requestId} AND r.district_id = ${districtId}`);
    if (!found) throw new NotFoundError();
    return found;
  }

  return {
    /** Offers one of one's own spaces, in no District yet, to a District one may enter. */
    async request(auth: AuthContext | null, districtId: string, input: unknown) {
      const me = assertSignedIn(auth);
      await access.enter(me, byId(districtId));
      const body = parseBody(HostingRequestInputSchema, input);
      const [scene] = await query<{ owner_id: string; district_id: string | null }>(
        db,
        sql`SELECT owner_id, district_id FROM scenes WHERE id = ${body.sceneId}`,
      );
      if (!scene || scene.owner_id !== me.userId)
        throw new ForbiddenError(messages.district.hostingOwnSpaceOnly);
      if (scene.district_id !== null)
        throw new ConflictError(messages.district.hostingAlreadyInDistrict);
      const id = randomUUID();
      const inserted = await query<{ id: string }>(
        db,
        sql`INSERT INTO district_hosting_requests (id, district_id, scene_id, requester_id, message)
          VALUES (${id}, ${districtId}, ${body.sceneId}, ${me.userId}, ${body.message})
          ON CONFLICT DO NOTHING RETURNING id`,
      );
      if (inserted.length === 0) throw new ConflictError(messages.district.hostingPending);
      return oneRequest(districtId, id);
    },

    /** The District's requests, open ones first: its owner only. */
    async ofDistrict(auth: AuthContext | null, districtId: string) {
      await access.manage(auth, byId(districtId));
      const all = await requests(sql`r.district_id = ${districtId}`);
      return [
        ...all.filter((r) => r.state === "pending"),
        ...all.filter((r) => r.state !== "pending"),
      ];
    },

    /** The requests one made, with their answers. */
    async mine(auth: AuthContext | null) {
      const me = assertSignedIn(auth);
      return requests(sql`r.requester_id = ${me.userId}`);
    },

    /** The maker takes back a request not answered yet. */
    async withdraw(auth: AuthContext | null, districtId: string, requestId: string) {
      const me = assertSignedIn(auth);
      const found = await oneRequest(districtId, requestId);
      if (found.requester.userId !== me.userId) throw new ForbiddenError();
      if (found.state !== "pending") throw new ConflictError(messages.district.hostingAnswered);
      await query(
        db,
        sql`DELETE FROM district_hosting_requests WHERE id = ${requestId} AND state = 'pending'`,
      );
      return { requestId, deleted: true as const };
    },

    async decline(auth: AuthContext | null, districtId: string, requestId: string) {
      await access.manage(auth, byId(districtId));
      const changed = await query<{ id: string }>(
        db,
        sql`UPDATE district_hosting_requests SET state = 'declined', decided_at = now()
          WHERE id = ${requestId} AND district_id = ${districtId} AND state = 'pending' RETURNING id`,
      );
      if (changed.length === 0) {
        await oneRequest(districtId, requestId);
        throw new ConflictError(messages.district.hostingAnswered);
      }
      return oneRequest(districtId, requestId);
    },

    /**
     * The space joins the District: its maker becomes a Creator (a Guest is raised, the owner
     * stays), a published space moves into a free slot of the District given to its maker (409
     * when there is none: nothing changes), and other Districts' open requests for it are
     * declined. All in one transaction under the request's and the space's locks.
     */
    async accept(auth: AuthContext | null, districtId: string, requestId: string) {
      const { district } = await access.manage(auth, byId(districtId));
      await db.transaction(async (tx) => {
        const [request] = await query<{ scene_id: string; requester_id: string; state: string }>(
          tx,
          sql`SELECT scene_id, requester_id, state FROM district_hosting_requests
            WHERE id = ${requestId} AND district_id = ${districtId} FOR UPDATE`,
        );
        if (!request) throw new NotFoundError();
        if (request.state !== "pending") throw new ConflictError(messages.district.hostingAnswered);
        const [scene] = await query<{
          owner_id: string;
          district_id: string | null;
          state: string;
        }>(
          tx,
          sql`SELECT owner_id, district_id, state FROM scenes WHERE id = ${request.scene_id} FOR UPDATE`,
        );
        if (!scene || scene.owner_id !== request.requester_id || scene.district_id !== null)
          throw new ConflictError(messages.district.hostingAlreadyInDistrict);
        const maker = request.requester_id;
        await query(
          tx,
          sql`INSERT INTO district_members (district_id, user_id, role) VALUES (${districtId}, ${maker}, 'Creator')
            ON CONFLICT (district_id, user_id) DO UPDATE SET role = 'Creator'
            WHERE district_members.role = 'Guest'`,
        );
        if (scene.state === "Published") {
          const [slot] = await query<{ id: string }>(
            tx,
            sql`SELECT id FROM space_slots WHERE kind = 'district' AND district_id = ${districtId}
              AND scene_id IS NULL AND active ORDER BY (owner_id = ${maker}) DESC, created_at, id
              LIMIT 1 FOR UPDATE`,
          );
          if (!slot) throw new ConflictError(messages.district.hostingNoSlot);
          await query(
            tx,
            sql`UPDATE space_slots SET scene_id = NULL, publisher_id = NULL WHERE scene_id = ${request.scene_id}`,
          );
          await query(
            tx,
            sql`UPDATE space_slots SET owner_id = ${maker}, scene_id = ${request.scene_id}, publisher_id = ${maker}
              WHERE id = ${slot.id}`,
          );
          await query(
            tx,
            sql`UPDATE scenes SET slot_id = ${slot.id} WHERE id = ${request.scene_id}`,
          );
        }
        await query(
          tx,
          sql`UPDATE scenes SET district_id = ${districtId}, district_subdomain = ${district.subdomain},
            updated_at = now() WHERE id = ${request.scene_id}`,
        );
        await query(
          tx,
          sql`UPDATE district_hosting_requests SET state = CASE WHEN id = ${requestId} THEN 'accepted' ELSE 'declined' END,
            decided_at = now() WHERE scene_id = ${request.scene_id} AND state = 'pending'`,
        );
      });
      return oneRequest(districtId, requestId);
    },

    /** The District's promoted spaces' ids, newest promotion first (anyone who may enter). */
    async promoted(auth: AuthContext | null, districtId: string) {
      await access.enter(auth, byId(districtId));
      const rows = await query<{ id: string }>(
        db,
        sql`SELECT id FROM scenes WHERE district_id = ${districtId} AND promoted_at IS NOT NULL
          AND state = 'Published' ORDER BY promoted_at DESC, id`,
      );
      return rows.map((row) => row.id);
    },

    /** The owner promotes (or stops promoting) one of the District's published spaces. */
    async promote(auth: AuthContext | null, districtId: string, sceneId: string, on: boolean) {
      await access.manage(auth, byId(districtId));
      const changed = await query<{ id: string }>(
        db,
        sql`UPDATE scenes SET promoted_at = ${on ? sql`now()` : sql`NULL`}
          WHERE id = ${sceneId} AND district_id = ${districtId} AND state = 'Published' RETURNING id`,
      );
      if (changed.length === 0) throw new ConflictError(messages.district.promoteOnlyPublished);
      return { sceneId, promoted: on };
    },
  };
}

export type DistrictHostingService = ReturnType<typeof createDistrictHostingService>;
