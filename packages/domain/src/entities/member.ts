import { z } from "zod";
import { IdSchema, UriSchema } from "./common";

export const DISTRICT_ROLES = ["Owner", "Creator", "Guest"] as const;
export type DistrictRole = (typeof DISTRICT_ROLES)[number];

/** A district member as the members list shows it (spec 2 §3.1: name, picture, role label). */
export const MemberSchema = z.object({
  userId: IdSchema,
  name: z.string(),
  profilePicture: UriSchema.nullable().default(null),
  role: z.enum(DISTRICT_ROLES),
});
export type Member = z.infer<typeof MemberSchema>;
