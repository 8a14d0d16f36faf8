import { z } from "zod";
import { ACCOUNT_PLANS, PLAN_ROLES } from "../rules/plan-role";
import { IdSchema, TimestampSchema, UriSchema } from "./common";

export const PLAN_LABELS = ["FREE", "STANDARD", "PRO"] as const;

/**
 * The signed-in account (spec 1 §3, spec 2 §3.6). `avatar` references the avatar model served by
 * the avatar service; `role` is the resolved plan role, `planLabel` its badge. The settings page
 * switches `searchable`, `hideContentLibrary` and `hideGroups` (spec 1 §2 Settings).
 */
export const UserSchema = z.object({
  userId: IdSchema,
  name: z.string().min(1).max(100),
  avatar: IdSchema.nullable().default(null),
  profilePicture: UriSchema.nullable().default(null),
  signedUp: TimestampSchema.nullable().default(null),
  searchable: z.boolean().default(true),
  hideContentLibrary: z.boolean().default(false),
  hideGroups: z.boolean().default(false),
  autoSave: z.boolean().default(true),
  role: z.enum(PLAN_ROLES).default("free-user"),
  plan: z.enum(ACCOUNT_PLANS).default("free"),
  planLabel: z.enum(PLAN_LABELS).default("FREE"),
});
export type User = z.infer<typeof UserSchema>;

/** POST user-management users: the name the new account starts with. */
export const CreateUserRequestSchema = z.object({ name: z.string().trim().min(1).max(100) });
export type CreateUserRequest = z.infer<typeof CreateUserRequestSchema>;

/** PATCH user-management user: any of the account's switches. */
export const UpdateUserRequestSchema = UserSchema.pick({
  name: true,
  avatar: true,
  searchable: true,
  hideContentLibrary: true,
  hideGroups: true,
  autoSave: true,
}).partial();
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;
