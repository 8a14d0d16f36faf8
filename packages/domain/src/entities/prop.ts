import { z } from "zod";
import { IdSchema, UriSchema } from "./common";

/** A ready-made object from the prop catalogue (spec 2 §3.9). `type` is its catalogue category. */
export const PropSchema = z.object({
  propId: IdSchema,
  title: z.string(),
  type: z.string(),
  file: UriSchema,
  /** Longest side in metres when first placed. */
  defaultSize: z.number().positive().default(1),
  /** The packaged bundle the original player loaded; Atrium's renderer loads `file`. */
  addressable: z.string().nullable().default(null),
});
export type Prop = z.infer<typeof PropSchema>;
