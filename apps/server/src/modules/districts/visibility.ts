import { type SQL, sql } from "drizzle-orm";

// District visibility as SQL (spec 1 §4: public or private, hidden or visible, listed or
// unlisted), the same rules as packages/domain/src/rules/district-access.ts: members always;
// others a public, visible district, and in lists only when it is listed too.

const isMember = (district: SQL, userId: string) =>
  sql`EXISTS (SELECT 1 FROM district_members m WHERE m.district_id = ${district} AND m.user_id = ${userId})`;

/** The district `d` as the visitor sees it: `listed` for search and explore, else reachable. */
export function districtOpenTo(userId: string | null, mode: "listed" | "reachable"): SQL {
  const open =
    mode === "listed"
      ? sql`(d.public AND d.visible AND d.listed AND d.active)`
      : sql`(d.public AND d.visible AND d.active)`;
  return userId === null ? open : sql`(${open} OR ${isMember(sql`d.id`, userId)})`;
}

/**
 * The space `s` outside any district, or in one the visitor may see (its own creator always).
 * The scenes module adds this to explore and to everything it lists.
 */
export function districtSpaceOpenTo(userId: string | null, mode: "listed" | "reachable"): SQL {
  const inDistrict = sql`EXISTS (SELECT 1 FROM districts d WHERE d.id = s.district_id AND ${districtOpenTo(userId, mode)})`;
  const own = userId === null ? sql`` : sql` OR s.owner_id = ${userId}`;
  return sql`(s.district_id IS NULL OR ${inDistrict}${own})`;
}

/** A restricted space's group list names one of the visitor's groups. */
export function inGroupAcl(column: "group_privacy_acl", userId: string): SQL {
  return sql`(s.${sql.raw(column)} && ARRAY(SELECT gm.group_id FROM group_members gm WHERE gm.user_id = ${userId}))`;
}
