import {
  type ImageCrop,
  type ProfilePatch,
  type PublicProfile,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  validateExternalLink,
  validateSocialLink,
} from "@atrium/domain";
import type { UserRow } from "../../db/schema/index.js";
import {
  BadRequestError,
  ConflictError,
  type FieldProblem,
  ForbiddenError,
  NotFoundError,
} from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { toMyUser } from "../accounts/my-user.js";
import type { AvatarsService } from "../avatars/service.js";
import { type FilesService, fileUrl } from "../files/service.js";
import type { UsersRepo } from "./repo.js";
import { toUserSummary } from "./summary.js";

// Atrium wording
export const USERNAME_TAKEN = "This username is taken";
export const UNKNOWN_AVATAR = "Choose one of the avatars on offer";

/** An uploaded image with the crop chosen in the crop step. */
export interface ImageUpload {
  data: Buffer;
  crop: ImageCrop | null;
}

/** The stored sizes: a square profile picture, a wide cover photo (see docs/decisions.md). */
const IMAGE_BOXES = {
  "profile-picture": { maxWidth: 1024, maxHeight: 1024 },
  "cover-photo": { maxWidth: 2400, maxHeight: 2400 },
} as const;

export interface UsersServiceDeps {
  repo: UsersRepo;
  files: FilesService;
  avatars: AvatarsService;
  /**
   * Published spaces of a user for the profile's count. The spaces module provides it
   * when it lands; until then there are none to count.
   */
  countPublishedSpaces?: (userId: string) => Promise<number>;
}

export function createUsersService(deps: UsersServiceDeps) {
  const { repo } = deps;
  const countPublishedSpaces = deps.countPublishedSpaces ?? (async () => 0);

  async function toProfile(user: UserRow, auth: AuthContext | null): Promise<PublicProfile> {
    const counts = await repo.followCounts(user.id);
    const mayReadPrivate = auth !== null && (auth.userId === user.id || auth.isAdmin);
    return {
      userId: user.id,
      username: user.username,
      name: user.name,
      active: true,
      avatar: user.avatar,
      bio: user.bio,
      birthday: user.birthday,
      city: user.city,
      country: user.country,
      coverPhoto: user.coverPhotoFileId ? fileUrl(user.coverPhotoFileId) : null,
      email: mayReadPrivate ? user.email : null,
      gender: user.gender,
      generalRole: user.roles.includes("admin") ? "admin" : null,
      lastLogin: mayReadPrivate ? (user.lastLoginAt?.toISOString() ?? null) : null,
      loginProvider: mayReadPrivate ? user.loginProvider : null,
      numOfFollowers: counts.followers,
      numOfFollowing: counts.following,
      numPublishedSpaces: await countPublishedSpaces(user.id),
      occupation: user.occupation,
      profilePicture: user.profilePictureFileId ? fileUrl(user.profilePictureFileId) : null,
      signedUp: user.createdAt.toISOString(),
      socialMedia: user.socialMedia,
      website: user.website,
      hideContentLibrary: user.hideContentLibrary,
      hideGroups: user.hideGroups,
    };
  }

  function validatePatch(patch: ProfilePatch) {
    const problems: FieldProblem[] = [];
    patch.socialMedia?.forEach((link, index) => {
      const network = Object.keys(SOCIAL_NETWORKS).find(
        (name) => name.toLowerCase() === link.name.toLowerCase(),
      ) as SocialNetwork | undefined;
      const problem = network
        ? validateSocialLink(network, link.url)
        : `Unknown social network ${link.name}`;
      if (problem) problems.push({ path: `body.socialMedia.${index}.url`, message: problem });
    });
    if (patch.website) {
      const problem = validateExternalLink(patch.website, "www.example.com");
      if (problem) problems.push({ path: "body.website", message: problem });
    }
    if (patch.avatar && !deps.avatars.exists(patch.avatar)) {
      problems.push({ path: "body.avatar", message: UNKNOWN_AVATAR });
    }
    if (problems.length) throw new BadRequestError(problems[0]!.message, problems);
  }

  return {
    /** Access first: only the owner or an admin may change a user; then `read` the input. */
    async authorizeUpdate<T>(auth: AuthContext | null, userId: string, read: () => Promise<T>) {
      const actor = assertSignedIn(auth);
      if (actor.userId !== userId && !actor.isAdmin) throw new ForbiddenError();
      return read();
    },

    async profile(auth: AuthContext | null, userId: string) {
      const user = await repo.findById(userId);
      if (!user || user.profileCreatedAt === null) throw new NotFoundError();
      return toProfile(user, auth);
    },

    async many(ids: string[]) {
      return (await repo.findMany(ids)).map(toUserSummary);
    },

    /**
     * Non-searchable users never appear here (spec 1 §2 Settings). No text lists creators, the
     * most followed first.
     */
    async search(text: string, page: { cp: number; ipp: number }) {
      const rows = await repo.search(text, { offset: page.cp * page.ipp, limit: page.ipp });
      return rows.map(toUserSummary);
    },

    /**
     * PATCH user: the owner (or an admin, for moderation) changes settings, profile fields and
     * pictures. New pictures replace the old ones, whose files are deleted.
     */
    async update(
      auth: AuthContext | null,
      userId: string,
      patch: ProfilePatch,
      uploads: { profilePicture?: ImageUpload; coverPhoto?: ImageUpload } = {},
    ) {
      const actor = assertSignedIn(auth);
      if (actor.userId !== userId && !actor.isAdmin) throw new ForbiddenError();
      const user = await repo.findById(userId);
      if (!user) throw new NotFoundError();
      validatePatch(patch);
      if (patch.username) {
        const holder = await repo.findByUsername(patch.username);
        if (holder && holder.id !== user.id) {
          throw new ConflictError(USERNAME_TAKEN);
        }
      }

      const stored: { profilePicture?: string; coverPhoto?: string } = {};
      for (const [field, purpose] of [
        ["profilePicture", "profile-picture"],
        ["coverPhoto", "cover-photo"],
      ] as const) {
        const upload = uploads[field];
        if (!upload) continue;
        const file = await deps.files.storeImage({
          ownerId: user.id,
          purpose,
          data: upload.data,
          crop: upload.crop,
          ...IMAGE_BOXES[purpose],
        });
        stored[field] = file.id;
      }

      const { removeProfilePicture, removeCoverPhoto, ...fields } = patch;
      const profilePictureFileId =
        stored.profilePicture ?? (removeProfilePicture ? null : user.profilePictureFileId);
      const coverPhotoFileId =
        stored.coverPhoto ?? (removeCoverPhoto ? null : user.coverPhotoFileId);
      let updated: UserRow | null;
      try {
        updated = await repo.update(user.id, {
          ...fields,
          profilePictureFileId,
          coverPhotoFileId,
        });
      } catch (error) {
        await deps.files.deleteFiles(Object.values(stored));
        if (isUniqueViolation(error)) throw new ConflictError(USERNAME_TAKEN);
        throw error;
      }
      const replaced = [
        user.profilePictureFileId !== profilePictureFileId ? user.profilePictureFileId : null,
        user.coverPhotoFileId !== coverPhotoFileId ? user.coverPhotoFileId : null,
      ].filter((id): id is string => id !== null);
      await deps.files.deleteFiles(replaced);
      return { me: toMyUser(updated!), profile: await toProfile(updated!, auth) };
    },
  };
}

function isUniqueViolation(error: unknown) {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505";
}

export type UsersService = ReturnType<typeof createUsersService>;
