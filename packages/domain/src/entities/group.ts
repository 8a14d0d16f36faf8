import { z } from "zod";
import { IdSchema, UriSchema } from "./common";

/** A group of users, on its own or inside a district (spec 2 §3.9: title, description, image, members). */
export const GroupSchema = z.object({
  groupId: IdSchema,
  districtId: IdSchema.nullable().default(null),
  title: z.string().min(1).max(100),
  description: z.string().max(1000).default(""),
  image: UriSchema.nullable().default(null),
  /** Member user ids. */
  members: z
    .array(IdSchema)
    .max(10_000)
    .default(() => []),
});
export type Group = z.infer<typeof GroupSchema>;

/**
 * A user's own group as others see it on their profile (connections, groups): who is in it stays
 * with the group's owner and members; visitors see its size.
 */
export const GroupSummarySchema = GroupSchema.omit({ members: true }).extend({
  memberCount: z.number().int().min(0),
});
export type GroupSummary = z.infer<typeof GroupSummarySchema>;
