import { z } from "zod";

/** Campaign parameters kept in the browser's storage (spec 1 §3); timestamp in epoch ms. */
export const UtmDataSchema = z.object({
  source: z.string().max(200).nullable().default(null),
  medium: z.string().max(200).nullable().default(null),
  campaign: z.string().max(200).nullable().default(null),
  timestamp: z.number().int().min(0),
});
export type UtmData = z.infer<typeof UtmDataSchema>;
