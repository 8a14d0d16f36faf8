import { z } from "zod";
import { IdSchema } from "./common";

/** A scene category; `index` orders them in menus. */
export const CategorySchema = z.object({
  categoryId: IdSchema,
  title: z.string(),
  description: z.string().default(""),
  index: z.number().int().min(0).default(0),
});
export type Category = z.infer<typeof CategorySchema>;
