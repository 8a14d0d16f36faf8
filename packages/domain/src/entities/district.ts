import { z } from "zod";
import { IdSchema, PersonSummarySchema, SocialLinkSchema, UriSchema } from "./common";
import { GroupSchema } from "./group";
import { DISTRICT_ROLES, MemberSchema } from "./member";

/** The parsed content of a district's `styles` JSON string. Keys beyond these are kept. */
export const DistrictStylesSchema = z.looseObject({
  theme: z.string().optional(),
  fontFamily: z.string().optional(),
});
export type DistrictStyles = z.infer<typeof DistrictStylesSchema>;

/**
 * A district (spec 2 §3.7). `districtUserRole` is the signed-in user's role in it; `isOwner`
 * is the spec's "owner flag", kept apart from `owner` (the owner's details). `visible` and
 * `listed` are the spec's hidden/visible and listed/unlisted choices.
 */
export const DistrictSchema = z.object({
  districtId: IdSchema,
  subdomain: z.string(),
  title: z.string(),
  subtitle: z.string().default(""),
  description: z.string().default(""),
  photo: UriSchema.nullable().default(null),
  coverPhoto: UriSchema.nullable().default(null),
  styles: z.string().default("{}"),
  public: z.boolean().default(true),
  visible: z.boolean().default(true),
  listed: z.boolean().default(true),
  active: z.boolean().default(true),
  userId: IdSchema,
  owner: PersonSummarySchema,
  isOwner: z.boolean().default(false),
  /** Null for visitors who are not members (outsiders and signed-out visitors). */
  districtUserRole: z.enum(DISTRICT_ROLES).nullable().default(null),
  districtMembers: z.array(MemberSchema).default(() => []),
  groups: z.array(GroupSchema).default(() => []),
  followers: z.number().int().min(0).default(0),
  /** Whether the signed-in visitor follows it (false when signed out). */
  follows: z.boolean().default(false),
  socialMedia: z.array(SocialLinkSchema).default(() => []),
});
export type District = z.infer<typeof DistrictSchema>;

/** Reads `styles`; a malformed string yields empty styles rather than breaking the page. */
export function parseDistrictStyles(styles: string): DistrictStyles {
  try {
    const parsed = DistrictStylesSchema.safeParse(JSON.parse(styles));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
