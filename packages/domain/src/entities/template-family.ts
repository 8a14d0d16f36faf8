import { z } from "zod";
import { IdSchema, UriSchema } from "./common";

/** A family of premade space templates sharing a design, in several sizes. */
export const SpaceTemplateFamilySchema = z.object({
  spaceTemplateFamilyId: IdSchema,
  title: z.string(),
  description: z.string().default(""),
  coverPhoto: UriSchema.nullable().default(null),
  photoGallery: z.array(UriSchema).default(() => []),
});
export type SpaceTemplateFamily = z.infer<typeof SpaceTemplateFamilySchema>;
