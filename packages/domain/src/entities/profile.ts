import { z } from "zod";
import { IdSchema, SocialLinkSchema, TimestampSchema, UriSchema } from "./common";

/**
 * The public profile (spec 2 §3.6). generalRole's values are not given by the spec, so it stays
 * free text; birthday is a calendar date (YYYY-MM-DD), not a timestamp.
 */
export const ProfileSchema = z.object({
  userId: IdSchema,
  username: z.string().max(50).nullable().default(null),
  name: z.string().max(100),
  active: z.boolean().default(true),
  avatar: IdSchema.nullable().default(null),
  bio: z.string().max(1000).nullable().default(null),
  birthday: z.iso.date().nullable().default(null),
  city: z.string().max(100).nullable().default(null),
  country: z.string().max(100).nullable().default(null),
  coverPhoto: UriSchema.nullable().default(null),
  email: z.email().nullable().default(null),
  gender: z.string().max(50).nullable().default(null),
  generalRole: z.string().max(50).nullable().default(null),
  lastLogin: TimestampSchema.nullable().default(null),
  loginProvider: z.string().max(50).nullable().default(null),
  numOfFollowers: z.number().int().min(0).default(0),
  numOfFollowing: z.number().int().min(0).default(0),
  numPublishedSpaces: z.number().int().min(0).default(0),
  occupation: z.string().max(100).nullable().default(null),
  profilePicture: UriSchema.nullable().default(null),
  signedUp: TimestampSchema.nullable().default(null),
  socialMedia: z
    .array(SocialLinkSchema)
    .max(20)
    .default(() => []),
  website: UriSchema.nullable().default(null),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** The profile's editable text fields (spec 2 §3.6), plus the private-space invitation code. */
export const ProfileUpdateSchema = ProfileSchema.pick({
  name: true,
  bio: true,
  birthday: true,
  city: true,
  country: true,
  gender: true,
  occupation: true,
  website: true,
  profilePicture: true,
  socialMedia: true,
})
  .extend({ invitationCode: z.string().max(100).nullable().default(null) })
  .partial();
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
