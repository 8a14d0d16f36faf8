import { z } from "zod";
import { IdSchema, TimestampSchema, UriSchema } from "./entities/common";

// Parties (issue 19, spec 2 §2.2 party sidebar, §3.9 party and party invitation, §7.4
// /api/communicationInteractionService/party… and partyinvitation…): a few signed-in people who
// chat together and travel together. One leader; whoever the leader is, when they enter a space
// the others follow into the same scene instance after a countdown they can cancel.

/** A party fits in one scene instance (MAX_VISITORS_PER_INSTANCE): members and pending invitations. */
export const PARTY_MAX_MEMBERS = 25;
/** A pending invitation lapses after this long. */
export const PARTY_INVITATION_TTL_MS = 24 * 60 * 60_000;
/** The members' countdown before they follow their leader into a space. */
export const PARTY_FOLLOW_COUNTDOWN_MS = 5_000;
/** Seats held in the leader's instance for the followers, this long (countdown and loading). */
export const PARTY_SEAT_HOLD_MS = 60_000;
export const PARTY_TEXT_MAX = 500;

export const partyMessages = {
  notMember: "You are not in this party",
  notLeader: "Only the party's leader can do this",
  full: "This party is full",
  alreadyMember: "This user is already in your party",
  alreadyInvited: "This user is already invited",
  self: "You cannot invite yourself",
  blockedByYou: "You blocked this user",
  expired: "This invitation has expired",
  answered: "This invitation was already answered",
  alreadyInParty: "You are already in a party",
} as const;

export const PartyPersonSchema = z.object({
  userId: IdSchema,
  name: z.string(),
  profilePicture: UriSchema.nullable(),
});
export type PartyPerson = z.infer<typeof PartyPersonSchema>;

export const PartyMemberSchema = PartyPersonSchema.extend({
  leader: z.boolean(),
  /** In a space now (a live connection on liveuserhub, on any app instance). */
  online: z.boolean(),
  joinedAt: TimestampSchema,
});
export type PartyMember = z.infer<typeof PartyMemberSchema>;

export const PARTY_INVITATION_STATUSES = ["pending", "accepted", "declined", "expired"] as const;
export const PartyInvitationSchema = z.object({
  invitationId: IdSchema,
  partyId: IdSchema,
  inviter: PartyPersonSchema,
  invitee: PartyPersonSchema,
  status: z.enum(PARTY_INVITATION_STATUSES),
  /** The space the inviter was in (the bell's link), if any. */
  sceneId: IdSchema.nullable(),
  createdAt: TimestampSchema,
  expiresAt: TimestampSchema,
});
export type PartyInvitation = z.infer<typeof PartyInvitationSchema>;

export const PartySchema = z.object({
  partyId: IdSchema,
  leaderId: IdSchema,
  createdAt: TimestampSchema,
  /** The leader first, then by arrival. */
  members: z.array(PartyMemberSchema),
  /** Invitations sent and not answered yet. */
  invited: z.array(PartyInvitationSchema),
});
export type Party = z.infer<typeof PartySchema>;

export const PartyMessageSchema = z.object({
  id: IdSchema,
  partyId: IdSchema,
  text: z.string().min(1).max(PARTY_TEXT_MAX),
  time: TimestampSchema,
  user: PartyPersonSchema,
});
export type PartyMessage = z.infer<typeof PartyMessageSchema>;

/** POST partyinvitation: whom (a party of the caller is made when they have none). */
export const CreatePartyInvitationSchema = z.object({
  userId: IdSchema,
  /** The space the inviter is in, for the invitation's link. */
  sceneId: IdSchema.optional(),
});
export const SendPartyMessageSchema = z.object({
  text: z.string().trim().min(1).max(PARTY_TEXT_MAX),
});
/** GET partyinvitation: the invitations I received and may still answer. */
export const PartyInvitationListSchema = z.array(PartyInvitationSchema);

// --- what liveuserhub tells party members (protocol version 1) ---

/** The party changed (members, leader, invitations, someone's online state): read it again. */
export const PartyChangedSchema = z.object({ partyId: IdSchema });
/** A new party chat message. */
export const PartyMessageEventSchema = PartyMessageSchema;
/** An invitation for you arrived. */
export const PartyInvitedSchema = z.object({ invitation: PartyInvitationSchema });
/** Your leader entered a space: follow into this instance after the countdown (a seat is held
 * until `seatUntil`). */
export const PartyTravelSchema = z.object({
  partyId: IdSchema,
  leader: PartyPersonSchema,
  sceneId: IdSchema,
  instanceId: IdSchema,
  sceneTitle: z.string(),
  countdownMs: z.number().int().min(0).max(60_000),
  seatUntil: TimestampSchema,
});
export type PartyTravel = z.infer<typeof PartyTravelSchema>;

export const partyHubServerV1 = {
  PartyChanged: PartyChangedSchema,
  PartyMessage: PartyMessageEventSchema,
  PartyInvited: PartyInvitedSchema,
  PartyTravel: PartyTravelSchema,
} as const;
