import {
  type AccountPlan,
  planInForce,
  planRoleLabel,
  roleForPlan,
  type User,
} from "@atrium/domain";
import type { UserRow } from "../../db/schema/index.js";
import type { AuthContext } from "../../http/auth.js";
import { fileUrl } from "../files/service.js";

export type MyUser = User & {
  email: string;
  isAdmin: boolean;
  username: string | null;
  coverPhoto: string | null;
  language: string;
  loginProvider: string;
  hasPassword: boolean;
};

/**
 * The plan in force: the stored one (kept by the subscriptions' events), or the granted one once
 * the paid period that gave it is over (a provider's ending event may come late).
 */
export function accountPlan(user: UserRow, now = new Date()): AccountPlan {
  return planInForce(
    {
      plan: user.plan as AccountPlan,
      grantedPlan: user.grantedPlan as AccountPlan,
      planEndsAt: user.planEndsAt,
    },
    now,
  );
}

export function authContextOf(user: UserRow, sessionId: string): AuthContext {
  return {
    userId: user.id,
    sessionId,
    plan: accountPlan(user),
    isAdmin: user.roles.includes("admin"),
  };
}

/** The my-user answer: the spec's user (spec 2 §3.6) plus what the account pages need. */
export function toMyUser(user: UserRow): MyUser {
  const plan = accountPlan(user);
  const role = roleForPlan(plan);
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    profilePicture: user.profilePictureFileId ? fileUrl(user.profilePictureFileId) : null,
    coverPhoto: user.coverPhotoFileId ? fileUrl(user.coverPhotoFileId) : null,
    signedUp: user.createdAt.toISOString(),
    searchable: user.searchable,
    hideContentLibrary: user.hideContentLibrary,
    hideGroups: user.hideGroups,
    autoSave: user.autoSave,
    role,
    plan,
    planLabel: planRoleLabel(role) as User["planLabel"],
    isAdmin: user.roles.includes("admin"),
    username: user.username,
    language: user.language,
    loginProvider: user.loginProvider,
    hasPassword: user.passwordHash !== null,
  };
}
