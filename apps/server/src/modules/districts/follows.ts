import { messages } from "@atrium/domain";
import { sql } from "drizzle-orm";
import { BadRequestError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { createAccess, type DistrictsDeps } from "./common.js";
import { districtOpenTo } from "./visibility.js";

// District follows (spec 2 §7.4: socialInteractionService districtfollow). One follows a
// district one may enter, never one's own.

export function createDistrictFollowsService(deps: DistrictsDeps) {
  const { repo } = deps;
  const access = createAccess(repo);

  async function state(auth: AuthContext | null, districtId: string) {
    const found = await repo.followState(districtId, auth?.userId ?? null);
    return { districtId, ...found };
  }

  return {
    async follow(auth: AuthContext | null, districtId: string) {
      const me = assertSignedIn(auth);
      const { district } = await access.enter(me, sql`d.id = ${districtId}`);
      if (district.owner_id === me.userId) {
        throw new BadRequestError(messages.district.cannotFollowOwn, [
          { path: "body.districtId", message: messages.district.cannotFollowOwn },
        ]);
      }
      await repo.follow(districtId, me.userId, true);
      return state(me, districtId);
    },

    async unfollow(auth: AuthContext | null, districtId: string) {
      const me = assertSignedIn(auth);
      await access.load(sql`d.id = ${districtId}`);
      await repo.follow(districtId, me.userId, false);
      return state(me, districtId);
    },

    async state(auth: AuthContext | null, districtId: string) {
      await access.enter(auth, sql`d.id = ${districtId}`);
      return state(auth, districtId);
    },

    /** The districts a user follows ("following districts"), as far as the visitor may see. */
    async followedBy(auth: AuthContext | null, userId: string, page: { cp: number; ipp: number }) {
      const rows = await repo.districts(
        sql`EXISTS (SELECT 1 FROM district_follows f WHERE f.district_id = d.id AND f.user_id = ${userId}) AND ${districtOpenTo(auth?.userId ?? null, "reachable")}`,
        sql.raw("d.created_at DESC, d.id DESC"),
        page.ipp,
        page.cp * page.ipp,
      );
      return access.present(auth, rows);
    },
  };
}

export type DistrictFollowsService = ReturnType<typeof createDistrictFollowsService>;
