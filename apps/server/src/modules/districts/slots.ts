import { canCreateInDistrict, DistrictSlotAllocationSchema, messages } from "@atrium/domain";
import { sql } from "drizzle-orm";
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { query } from "../scenes/rows.js";
import { createAccess, type DistrictsDeps, parseBody } from "./common.js";

// A district's space slots (kind 'district', bought with the district or in its cart): the
// owner allocates each to a member who may create (Owner or Creator); the holder publishes one
// of the district's spaces into it (modules/scenes: a district slot takes its district's
// spaces only). A member without one is told to ask the owner for a new slot.

interface DistrictSlotRow {
  id: string;
  owner_id: string;
  holder_name: string;
  scene_id: string | null;
  scene_title: string | null;
  active: boolean;
  created_at: Date | string;
}

const SLOT_SELECT = sql`SELECT sl.id, sl.owner_id, u.name AS holder_name, sl.scene_id,
  sc.title AS scene_title, sl.active, sl.created_at
  FROM space_slots sl JOIN users u ON u.id = sl.owner_id
  LEFT JOIN scenes sc ON sc.id = sl.scene_id`;

const toDistrictSlot = (row: DistrictSlotRow) => ({
  slotId: row.id,
  holder: { userId: row.owner_id, name: row.holder_name },
  sceneId: row.scene_id,
  sceneTitle: row.scene_title,
  active: row.active,
});

export function createDistrictSlotsService(deps: DistrictsDeps) {
  const { repo } = deps;
  const access = createAccess(repo);
  const byId = (id: string) => sql`d.id = ${id}`;

  const slotsOf = (districtId: string, holderId: string | null) =>
    query<DistrictSlotRow>(
      repo.db,
      sql`${SLOT_SELECT} WHERE sl.kind = 'district' AND sl.district_id = ${districtId}${
        holderId ? sql` AND sl.owner_id = ${holderId}` : sql``
      } ORDER BY sl.created_at, sl.id`,
    );

  return {
    /** The owner sees every slot of the district and who holds it; a creator the ones they hold. */
    async slots(auth: AuthContext | null, districtId: string) {
      const me = assertSignedIn(auth);
      const { role } = await access.enter(me, byId(districtId));
      if (!canCreateInDistrict(role)) throw new ForbiddenError(messages.district.creatorsOnly);
      const rows = await slotsOf(districtId, role === "Owner" ? null : me.userId);
      return rows.map(toDistrictSlot);
    },

    /**
     * The owner gives an empty slot to a member who may create (Owner or Creator). A slot that
     * holds a published space keeps its holder until the space is unpublished (409).
     */
    async allocate(auth: AuthContext | null, districtId: string, slotId: string, input: unknown) {
      await access.manage(auth, byId(districtId));
      const { userId } = parseBody(DistrictSlotAllocationSchema, input);
      const [slot] = await slotsOf(districtId, null).then((rows) =>
        rows.filter((row) => row.id === slotId),
      );
      if (!slot) throw new NotFoundError();
      if (!canCreateInDistrict(await repo.roleOf(districtId, userId)))
        throw new ForbiddenError(messages.district.slotHolderMustCreate);
      if (slot.scene_id !== null && slot.owner_id !== userId)
        throw new ConflictError(messages.district.slotInUse);
      await query(
        repo.db,
        sql`UPDATE space_slots SET owner_id = ${userId} WHERE id = ${slotId} AND kind = 'district' AND district_id = ${districtId}`,
      );
      const [updated] = (await slotsOf(districtId, null)).filter((row) => row.id === slotId);
      return toDistrictSlot(updated as DistrictSlotRow);
    },
  };
}

export type DistrictSlotsService = ReturnType<typeof createDistrictSlotsService>;
