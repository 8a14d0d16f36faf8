import { UnauthorizedError } from "../../errors.js";
import type { AuthContext } from "../../http/auth.js";
import type { HubTokens } from "../../realtime/hub-token.js";
import { fileUrl } from "../files/service.js";
import type { ScenesService } from "../scenes/service.js";
import type { createUsersRepo } from "../users/repo.js";

export const GUEST_NAME = "Guest";

export function createCommunicationService(deps: {
  tokens: HubTokens;
  scenes: ScenesService;
  users: ReturnType<typeof createUsersRepo>;
}) {
  const { tokens, scenes, users } = deps;
  return {
    /**
     * A short-lived hub token: for a signed-in user, theirs; for a signed-out visitor, a
     * guest token that opens only the given space, which must be one anyone may visit.
     */
    async key(auth: AuthContext | null, sceneId: string | undefined) {
      if (auth) {
        const user = await users.findById(auth.userId);
        if (!user) throw new UnauthorizedError();
        const { token, expiresAt } = await tokens.issue({
          userId: user.id,
          guest: false,
          name: user.name,
          profilePicture: user.profilePictureFileId ? fileUrl(user.profilePictureFileId) : null,
          avatarId: user.avatar ?? null,
          plan: auth.plan,
          isAdmin: auth.isAdmin,
          sceneId: null,
        });
        return {
          accessToken: token,
          expiresAt: expiresAt.toISOString(),
          userId: user.id,
          guest: false,
        };
      }
      if (!sceneId) throw new UnauthorizedError();
      try {
        await scenes.viewable(null, sceneId);
      } catch {
        throw new UnauthorizedError();
      }
      const userId = `guest-${crypto.randomUUID()}`;
      const { token, expiresAt } = await tokens.issue({
        userId,
        guest: true,
        name: GUEST_NAME,
        profilePicture: null,
        avatarId: null,
        plan: null,
        isAdmin: false,
        sceneId,
      });
      return { accessToken: token, expiresAt: expiresAt.toISOString(), userId, guest: true };
    },

    /** HEAD key?access_token=…: whether a token is (still) good. */
    async probe(token: string) {
      if (!(await tokens.verify(token))) throw new UnauthorizedError();
    },
  };
}

export type CommunicationService = ReturnType<typeof createCommunicationService>;
