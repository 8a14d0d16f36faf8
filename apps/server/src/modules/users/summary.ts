import type { UserSummary } from "@atrium/domain";
import type { UserRow } from "../../db/schema/index.js";
import { fileUrl } from "../files/service.js";

/** How a person appears in lists (followers, search results, cards). */
export function toUserSummary(user: UserRow): UserSummary {
  return {
    userId: user.id,
    name: user.name,
    username: user.username,
    profilePicture: user.profilePictureFileId ? fileUrl(user.profilePictureFileId) : null,
    avatar: user.avatar,
  };
}
