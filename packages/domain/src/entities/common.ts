import { z } from "zod";

// Building blocks shared by several entities.

/** Record ids travel as strings everywhere (database keys, URLs, JSON). */
export const IdSchema = z.string().min(1).max(64);
export type Id = z.infer<typeof IdSchema>;

/** Timestamps travel as ISO 8601 strings with an offset, e.g. 2025-11-21T10:00:00.000Z. */
export const TimestampSchema = z.iso.datetime({ offset: true });
export type Timestamp = z.infer<typeof TimestampSchema>;

/** An absolute or app-relative address of a stored file (`/api/fileService/file/{id}`). */
export const UriSchema = z.string().max(2048);

/** `#rgb`, `#rrggbb` or `#rrggbbaa`. */
export const HexColorSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/);

export const CurrencySchema = z.string().length(3);

/** The spec's "Option entry" and "Picker list value": a label and a value. */
export const OptionSchema = z.object({ label: z.string(), value: z.string() });
export type Option = z.infer<typeof OptionSchema>;

/** A social network link on a profile or district. */
export const SocialLinkSchema = z.object({ name: z.string().min(1).max(50), url: UriSchema });
export type SocialLink = z.infer<typeof SocialLinkSchema>;

/** The person shown on cards, comments and chat: owner or creator details (spec 2 §3.1). */
export const PersonSummarySchema = z.object({
  userId: IdSchema,
  name: z.string(),
  profilePicture: UriSchema.nullable().default(null),
});
export type PersonSummary = z.infer<typeof PersonSummarySchema>;
