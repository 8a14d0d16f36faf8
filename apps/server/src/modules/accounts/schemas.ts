import { UserSchema } from "@atrium/domain";
import { z } from "zod";

export const MessageSchema = z.object({ message: z.string() });

/** The my-user answer (see my-user.ts). */
export const MyUserSchema = UserSchema.extend({
  email: z.string(),
  isAdmin: z.boolean(),
  username: z.string().nullable(),
  coverPhoto: z.string().nullable(),
  language: z.string(),
  loginProvider: z.string(),
  hasPassword: z.boolean(),
});
