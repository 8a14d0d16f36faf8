import { BadRequestError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import type { NotificationsService } from "../notifications/service.js";
import type { UsersRepo } from "../users/repo.js";
import { toUserSummary } from "../users/summary.js";
import type { SocialRepo } from "./repo.js";

// Atrium wording: the spec says a user cannot follow themselves
export const CANNOT_FOLLOW_SELF = "You cannot follow yourself";

export function createSocialService(
  repo: SocialRepo,
  users: UsersRepo,
  notifications?: Pick<NotificationsService, "followed">,
) {
  async function existingUser(userId: string) {
    const user = await users.findById(userId);
    if (!user || user.profileCreatedAt === null) throw new NotFoundError();
    return user;
  }

  async function state(auth: AuthContext | null, userId: string) {
    return {
      following: auth ? await repo.follows(auth.userId, userId) : false,
      followedBy: auth ? await repo.follows(userId, auth.userId) : false,
      numOfFollowers: await repo.countFollowers(userId),
    };
  }

  return {
    /** Following is idempotent: following twice leaves one follow. */
    async follow(auth: AuthContext | null, userId: string) {
      const me = assertSignedIn(auth);
      if (me.userId === userId) {
        throw new BadRequestError(CANNOT_FOLLOW_SELF, [
          { path: "body.userId", message: CANNOT_FOLLOW_SELF },
        ]);
      }
      await existingUser(userId);
      await repo.follow(me.userId, userId);
      // a follow tells its followee once, however often it is repeated
      await notifications?.followed(me.userId, userId);
      return state(me, userId);
    },

    async unfollow(auth: AuthContext | null, userId: string) {
      const me = assertSignedIn(auth);
      await existingUser(userId);
      await repo.unfollow(me.userId, userId);
      return state(me, userId);
    },

    async followState(auth: AuthContext | null, userId: string) {
      await existingUser(userId);
      return state(auth, userId);
    },

    async followers(userId: string, page: { cp: number; ipp: number }) {
      await existingUser(userId);
      const rows = await repo.followers(userId, { offset: page.cp * page.ipp, limit: page.ipp });
      return rows.map(toUserSummary);
    },

    async following(userId: string, page: { cp: number; ipp: number }) {
      await existingUser(userId);
      const rows = await repo.following(userId, { offset: page.cp * page.ipp, limit: page.ipp });
      return rows.map(toUserSummary);
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
