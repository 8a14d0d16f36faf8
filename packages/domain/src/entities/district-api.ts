import { z } from "zod";
import {
  DISTRICT_DESCRIPTION_MAX_LENGTH,
  DISTRICT_SUBTITLE_MAX_LENGTH,
  GROUP_TITLE_MAX_LENGTH,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
} from "../constants";
import { coreMessages } from "../messages/core";
import { districtMessages } from "../messages/district";
import { ASSIGNABLE_DISTRICT_ROLES } from "../rules/district-access";
import { validateDistrictTitle } from "../rules/district-validation";
import { EmailSchema } from "./account";
import { HexColorSchema, IdSchema, SocialLinkSchema, TimestampSchema, UriSchema } from "./common";
import { DistrictFormSchema } from "./district-form";
import { DISTRICT_ROLES } from "./member";

// The shapes of the /api/userService district and group calls and the district follows that
// server and web share (spec 2 §7.1, §7.4).

/**
 * A yes/no a form sends as the string 'true' or 'false' (multipart) or JSON sends as a boolean.
 * Anything else is the form's 'Required'.
 */
const FormBoolean = z
  .union([z.boolean(), z.enum(["true", "false"])], { error: coreMessages.forms.required })
  .transform((value) => value === true || value === "true");

/**
 * POST user-management districts (spec 2 §7.1): the wizard's General step and its free premade
 * space. The same rules and messages as the form: a hand-made request gets the wizard's words.
 */
export const CreateDistrictRequestSchema = z.object({
  title: DistrictFormSchema.shape.title,
  subdomain: DistrictFormSchema.shape.subdomain,
  public: FormBoolean.default(true),
  visible: FormBoolean.default(true),
  listed: FormBoolean.default(true),
  freeSpaceTemplateId: z
    .string({ error: districtMessages.selectFreePremade })
    .min(1, districtMessages.selectFreePremade)
    .max(64),
});
export type CreateDistrictRequest = z.input<typeof CreateDistrictRequestSchema>;

export const CreateDistrictResponseSchema = z.object({
  districtId: IdSchema,
  subdomain: z.string(),
  /** The free premade space, a draft of the district. */
  freeSceneId: IdSchema,
});

/** The district's theme colour and font (spec 1 §3: styles, a JSON string with these). */
export const DistrictStylesInputSchema = z.object({
  theme: HexColorSchema.optional(),
  fontFamily: z.string().trim().min(1).max(100).optional(),
});

/**
 * An owner's settings change: every field optional. The subdomain is not among them: it is
 * the district's address, and links to it must keep working (docs/districts.md).
 */
export const DistrictSettingsPatchSchema = z.object({
  title: z
    .string()
    .check((context) => {
      const message = validateDistrictTitle(context.value);
      if (message !== null) context.issues.push({ code: "custom", message, input: context.value });
    })
    .optional(),
  subtitle: z.string().trim().max(DISTRICT_SUBTITLE_MAX_LENGTH).optional(),
  description: z.string().max(DISTRICT_DESCRIPTION_MAX_LENGTH).optional(),
  photo: UriSchema.nullable().optional(),
  coverPhoto: UriSchema.nullable().optional(),
  styles: DistrictStylesInputSchema.optional(),
  socialMedia: z.array(SocialLinkSchema).max(20).optional(),
  public: z.boolean().optional(),
  visible: z.boolean().optional(),
  listed: z.boolean().optional(),
});
export type DistrictSettingsPatch = z.infer<typeof DistrictSettingsPatchSchema>;

/** What the district site asks first (spec 2 §7.1: district access {subdomain}). */
export const DistrictAccessSchema = z.object({
  districtId: IdSchema,
  subdomain: z.string(),
  title: z.string(),
  access: z.boolean(),
  /** The visitor's role; null for outsiders and signed-out visitors. */
  role: z.enum(DISTRICT_ROLES).nullable(),
  isOwner: z.boolean(),
  canCreateSpaces: z.boolean(),
  /** 'You don't have access to this District' when access is false. */
  message: z.string().nullable(),
});
export type DistrictAccess = z.infer<typeof DistrictAccessSchema>;

export const SubdomainAvailabilitySchema = z.object({
  subdomain: z.string(),
  available: z.literal(true),
});

export const DistrictSearchQuerySchema = z.object({
  q: z.string().max(200).default(""),
  /** Only this user's districts (a profile's districts section). */
  ownerId: IdSchema.optional(),
  cp: z.coerce.number().int().min(0).max(10_000).default(0),
  ipp: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const MemberRoleRequestSchema = z.object({ role: z.enum(ASSIGNABLE_DISTRICT_ROLES) });

export const InviteRequestSchema = z.object({
  email: EmailSchema,
  role: z.enum(ASSIGNABLE_DISTRICT_ROLES).default("Guest"),
});

export const INVITATION_STATES = ["pending", "used", "expired"] as const;

export const InvitationSchema = z.object({
  invitationId: IdSchema,
  districtId: IdSchema,
  districtTitle: z.string(),
  subdomain: z.string(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_DISTRICT_ROLES),
  inviterId: IdSchema,
  state: z.enum(INVITATION_STATES),
  createdAt: TimestampSchema,
  expiresAt: TimestampSchema,
  usedAt: TimestampSchema.nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** The new invitation, with its link: the code is shown this once and stored only hashed. */
export const CreatedInvitationSchema = InvitationSchema.extend({
  invitationUrl: z.string(),
});

export const AcceptedInvitationSchema = z.object({
  districtId: IdSchema,
  subdomain: z.string(),
  role: z.enum(DISTRICT_ROLES),
});

/** A group's fields as its manager sends them (spec 2 §3.9: title, description, image, members). */
export const GroupInputSchema = z.object({
  districtId: IdSchema.nullable().default(null),
  title: z.string().trim().min(1, coreMessages.forms.required).max(GROUP_TITLE_MAX_LENGTH),
  description: z.string().max(1000).default(""),
  image: UriSchema.nullable().default(null),
  members: z
    .array(IdSchema)
    .max(10_000)
    .default(() => []),
});
export type GroupInput = z.input<typeof GroupInputSchema>;

export const GroupPatchSchema = GroupInputSchema.omit({ districtId: true }).partial();

export const DistrictFollowStateSchema = z.object({
  districtId: IdSchema,
  follows: z.boolean(),
  followers: z.number().int().min(0),
});
export type DistrictFollowState = z.infer<typeof DistrictFollowStateSchema>;

/** The owner gives one of the district's slots to a member (spec 2 §6: slots). */
export const DistrictSlotAllocationSchema = z.object({ userId: IdSchema });

/** A district's slot as its owner (all) or a creator (their own) sees it. */
export const DistrictSlotSchema = z.object({
  slotId: IdSchema,
  holder: z.object({ userId: IdSchema, name: z.string() }),
  sceneId: IdSchema.nullable(),
  sceneTitle: z.string().nullable(),
  active: z.boolean(),
});
export type DistrictSlot = z.infer<typeof DistrictSlotSchema>;

/** POST district/{id}/hosting: ask a District to host one of one's own spaces. */
export const HostingRequestInputSchema = z.object({
  sceneId: IdSchema,
  message: z.string().trim().max(500).default(""),
});
export type HostingRequestInput = z.input<typeof HostingRequestInputSchema>;

export const HOSTING_REQUEST_STATES = ["pending", "accepted", "declined"] as const;

/** A hosting request as the District's owner and the requester see it. */
export const HostingRequestSchema = z.object({
  requestId: IdSchema,
  districtId: IdSchema,
  districtTitle: z.string(),
  subdomain: z.string(),
  sceneId: IdSchema,
  sceneTitle: z.string(),
  sceneState: z.enum(["Draft", "Published"]),
  thumbnailUri: z.string().nullable(),
  requester: z.object({ userId: IdSchema, name: z.string() }),
  message: z.string(),
  state: z.enum(HOSTING_REQUEST_STATES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type HostingRequest = z.infer<typeof HostingRequestSchema>;
