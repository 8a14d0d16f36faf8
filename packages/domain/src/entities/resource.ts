import { z } from "zod";
import { UriSchema } from "./common";

/** A resources category from the content service (spec 1 §3): slug, external URL, icon. */
export const ResourceCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string().min(1),
  title: z.string().default(""),
  /** One line on the resources overview. */
  description: z.string().default(""),
  externalUrl: UriSchema.nullable().default(null),
  /** Address of an svg icon. */
  icon: UriSchema.nullable().default(null),
});
export type ResourceCategory = z.infer<typeof ResourceCategorySchema>;

/** An entry of the resources sidebar (spec 2 §2.1, §3.1). */
export const ResourceSidebarItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Internal path; the item is active when it equals the current path. */
  link: z.string(),
  /** Opens in a new tab instead of `link`. */
  externalUrl: UriSchema.optional(),
  icon: UriSchema.optional(),
});
export type ResourceSidebarItem = z.infer<typeof ResourceSidebarItemSchema>;
