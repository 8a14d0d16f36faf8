import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../rules/password-policy";
import { IdSchema, SocialLinkSchema } from "./common";
import { ProfileSchema } from "./profile";

// Request and answer shapes of the account calls (sign-in, passwords, sessions, profile
// editing, follows, search) shared by the server's routes and the web's forms.

export const EmailSchema = z.email().max(254);

export const SignUpRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  name: z.string().trim().min(1).max(100),
});

export const SignInRequestSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

export const ChangePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});

export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });

export const ResetPasswordRequestSchema = z.object({
  token: z.string().min(20).max(200),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});

/**
 * Account deletion (spec 2 §8: 'Incorrect Password'). Accounts that sign in only through an
 * identity provider have no password: they confirm with their e-mail address instead.
 */
export const DeleteAccountRequestSchema = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  confirmEmail: z.string().max(254).optional(),
});

/** One signed-in device or browser, as the account's session list shows it. */
export const ActiveSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;

export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9._-]{1,28}[a-z0-9])$/;
// Atrium wording
export const usernameMessage =
  "3 to 30 lowercase letters, digits, dots, dashes or underscores, starting and ending with a letter or digit";

/** Languages the interface offers (English; an external translation file may add others). */
export const LANGUAGES = ["en"] as const;

/** The editable profile and settings fields of PATCH user (JSON or multipart). */
export const ProfilePatchSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    username: z.string().trim().toLowerCase().regex(USERNAME_PATTERN, usernameMessage).nullable(),
    bio: z.string().trim().max(1000).nullable(),
    birthday: z.iso.date().nullable(),
    city: z.string().trim().max(100).nullable(),
    country: z.string().trim().max(100).nullable(),
    gender: z.string().trim().max(50).nullable(),
    occupation: z.string().trim().max(100).nullable(),
    website: z.string().trim().max(2048).nullable(),
    socialMedia: z.array(SocialLinkSchema).max(20),
    avatar: IdSchema.nullable(),
    searchable: z.boolean(),
    autoSave: z.boolean(),
    hideContentLibrary: z.boolean(),
    hideGroups: z.boolean(),
    language: z.string().min(2).max(10),
    /** Remove the current picture or cover photo (a new file replaces it anyway). */
    removeProfilePicture: z.boolean(),
    removeCoverPhoto: z.boolean(),
  })
  .partial();
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;

/** The crop chosen in the crop step, in pixels of the rotated image (spec 2 §5.1). */
export const ImageCropSchema = z.object({
  x: z.number().min(0).max(100_000),
  y: z.number().min(0).max(100_000),
  width: z.number().min(1).max(100_000),
  height: z.number().min(1).max(100_000),
  rotation: z.number().min(0).max(360),
});
export type ImageCrop = z.infer<typeof ImageCropSchema>;

/** A person in follower lists and search results. */
export const UserSummarySchema = z.object({
  userId: IdSchema,
  name: z.string(),
  username: z.string().nullable(),
  profilePicture: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const FollowStateSchema = z.object({
  following: z.boolean(),
  followedBy: z.boolean(),
  numOfFollowers: z.number().int(),
});
export type FollowState = z.infer<typeof FollowStateSchema>;

/** GET user {id}: the profile with the owner's visibility choices (what others may see). */
export const PublicProfileSchema = ProfileSchema.extend({
  hideContentLibrary: z.boolean(),
  hideGroups: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;
