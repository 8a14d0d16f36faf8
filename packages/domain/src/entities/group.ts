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
