import { z } from "zod";
import { EMOTES, LIVE_COUNT_MAX_SPACES } from "./constants";
import { IdSchema, TimestampSchema, UriSchema } from "./entities/common";
import { partyHubServerV1 } from "./parties";
import { Vec3Schema } from "./scene/geometry";
import { EventMessageSchema, SendEventMessageSchema } from "./space-events";

// The real-time protocol (spec 2 §7.7, ARCHITECTURE §6): Socket.IO namespaces named after the
// spec's hubs, the spec's event and method names, and every payload a zod schema that server
// and web both validate. The protocol is versioned as a whole: a client names the version it
// speaks in its handshake (`auth.v`) and the server refuses versions it does not know.

export const HUB_PROTOCOL_VERSION = 1;
/** The Socket.IO engine path on the app's own port. */
export const HUB_SOCKET_PATH = "/api/hubs/socket.io";
/** Namespaces, at the spec's service paths. */
export const HUB_NAMESPACES = {
  liveuserhub: "/api/communicationInteractionService/liveuserhub",
  directmessagegrouphub: "/api/communicationInteractionService/directmessagegrouphub",
  notificationhub: "/api/notificationService/notificationhub",
} as const;
export type HubName = keyof typeof HUB_NAMESPACES;

/** At most this many visitors interact in one scene instance; the next opens another. */
export const MAX_VISITORS_PER_INSTANCE = 25;
/** Hub connection retries after a failure other than 401 (spec 2 §9.1). */
export const HUB_CONNECT_RETRIES = 3;
export const HUB_CONNECT_FAILURE_LOG = "Unable to connect to WS in hub";
// connection states: CONNECTION_STATES in constants (Connected, Connecting, Disconnected, Reconnecting)

/** Public chat: one message at most this long, and at most RATE_MAX per RATE_WINDOW per visitor. */
export const CHAT_TEXT_MAX = 500;
export const CHAT_RATE_MAX = 5;
export const CHAT_RATE_WINDOW_MS = 10_000;
/** A hub message larger than this (bytes of JSON) is dropped with an error. */
export const HUB_MESSAGE_MAX_BYTES = 4096;
/** The server sends each instance's avatar states, batched, once per tick: a state waits at most
 * one tick period (67 ms) before it leaves, which keeps the send-to-receipt p99 within 100 ms. */
export const TRANSFORM_TICK_HZ = 15;
/** A viewer sends its own avatar state at most this often (the spec's 10-15 Hz). */
export const TRANSFORM_SEND_HZ = 12;

/** GET /api/communicationInteractionService/key: a short-lived token for the hubs. */
export const HubKeySchema = z.object({
  accessToken: z.string().min(1),
  expiresAt: TimestampSchema,
  userId: IdSchema,
  guest: z.boolean(),
});
export type HubKey = z.infer<typeof HubKeySchema>;

export const HubHandshakeSchema = z.object({
  token: z.string().min(1).max(4096),
  v: z.literal(HUB_PROTOCOL_VERSION),
});

/** A visitor in a scene instance; `visitorId` is one connection (a person may have two tabs). */
export const LiveVisitorSchema = z.object({
  visitorId: IdSchema,
  userId: IdSchema,
  name: z.string().max(200),
  profilePicture: UriSchema.nullable(),
  guest: z.boolean(),
  /** The visitor's avatar (an id of GET /api/avatarService/avatar); null: the default one
   * (guests, and users who chose none). Added within version 1: absent means null. */
  avatarId: z.string().max(64).nullable().default(null),
});
export type LiveVisitor = z.infer<typeof LiveVisitorSchema>;

const finite = z.number().finite();
export const EmoteSchema = z.enum(EMOTES);

/** One visitor's avatar state: position, yaw (radians), animation state, optional emote. */
export const AvatarStateSchema = z.object({
  p: Vec3Schema,
  r: finite,
  a: z.enum(["idle", "walk", "run", "jump", "fly"]),
  e: EmoteSchema.nullable().default(null),
});
export type AvatarState = z.infer<typeof AvatarStateSchema>;

// --- liveuserhub, version 1 ---

export const JoinSceneSchema = z.object({ sceneId: IdSchema });
export const ExitCurrentSceneSchema = z.object({}).strict();
export const SendPublicMessageSchema = z.object({
  text: z.string().trim().min(1).max(CHAT_TEXT_MAX),
});
export const SendTransformSchema = AvatarStateSchema;
/** Greet another visitor of one's instance: they alone are told (the Greeted event). */
export const GreetSchema = z.object({ visitorId: IdSchema });

export const MyUserIdSchema = z.object({
  userId: IdSchema,
  visitorId: IdSchema,
  guest: z.boolean(),
});
export const TotalLiveVisitorsSchema = z.object({ count: z.number().int().min(0) });
export const EnteredInstanceSchema = z.object({
  sceneId: IdSchema,
  instanceId: IdSchema,
  visitors: z.array(LiveVisitorSchema),
  canChat: z.boolean(),
  /** The space's owner locked the chat (only they may write). Added within version 1. */
  chatLocked: z.boolean().default(false),
  /** The space's owner muted this visitor for everyone (no chat, no voice). Added within version 1. */
  mutedByOwner: z.boolean().default(false),
  /** The user ids of this instance's visitors whom the owner muted for everyone. */
  mutedUserIds: z.array(IdSchema).max(1000).default([]),
  /** The voice chat's engine: WebRTC peer to peer (the default) or the Janus SFU (JANUS_URL). */
  voice: z.enum(["p2p", "janus"]).default("p2p"),
});
export const ExitedInstanceSchema = z.object({ sceneId: IdSchema, instanceId: IdSchema });
export const JoinedGroupSchema = z.object({ instanceId: IdSchema, visitor: LiveVisitorSchema });
export const LeftGroupSchema = z.object({ instanceId: IdSchema, visitorId: IdSchema });
export const LiveVisitorCountPerSceneInstanceSchema = z.object({
  sceneId: IdSchema,
  instances: z.array(z.object({ instanceId: IdSchema, count: z.number().int().min(0) })),
});
export const LiveVisitorsInMySceneInstanceSchema = z.object({
  instanceId: IdSchema,
  visitors: z.array(LiveVisitorSchema),
});
export const LiveVisitorCountInMySceneSchema = z.object({
  sceneId: IdSchema,
  count: z.number().int().min(0),
});
export const PublicMessageSchema = z.object({
  id: IdSchema,
  instanceId: IdSchema,
  text: z.string().min(1).max(CHAT_TEXT_MAX),
  time: TimestampSchema,
  user: z.object({
    userId: IdSchema,
    visitorId: IdSchema,
    name: z.string(),
    profilePicture: UriSchema.nullable(),
  }),
});
export type PublicMessage = z.infer<typeof PublicMessageSchema>;
/** Someone in one's instance greets you (sent to that visitor only). */
export const GreetedSchema = z.object({
  instanceId: IdSchema,
  from: LiveVisitorSchema,
});
/** The space's owner removed you from this instance; you may not come back to it before `until`. */
export const RemovedFromInstanceSchema = z.object({
  sceneId: IdSchema,
  instanceId: IdSchema,
  until: TimestampSchema,
});
/** One batched tick of an instance's avatar states (one message per client per tick). */
export const TransformsSchema = z.object({
  instanceId: IdSchema,
  states: z.array(AvatarStateSchema.extend({ visitorId: IdSchema })),
});
export const HUB_ERROR_CODES = [
  "bad-message",
  "too-large",
  "unknown-method",
  "not-in-instance",
  "not-allowed",
  "rate-limited",
  "not-found",
] as const;
/** Sent instead of crashing or dropping silently: what was refused and why. */
export const HubErrorSchema = z.object({
  code: z.enum(HUB_ERROR_CODES),
  method: z.string().max(100),
  message: z.string(),
});
export type HubError = z.infer<typeof HubErrorSchema>;

// --- voice (issue 19): WebRTC signalling over liveuserhub, version 1 ---

/** A visitor holds audio connections with at most this many others, the nearest first. */
export const VOICE_MAX_PEERS = 6;
/** A current peer keeps its place until a newcomer is this many metres closer (no flapping). */
export const VOICE_PEER_HYSTERESIS_M = 2;
/** After a peer declines a connection, it is not offered another for this long; the wait doubles
 * with each decline in a row, up to VOICE_DECLINE_BACKOFF_MAX_MS (voice-peers.ts). */
export const VOICE_DECLINE_BACKOFF_MS = 1000;
export const VOICE_DECLINE_BACKOFF_MAX_MS = 16_000;
/** Signalling messages (offers, answers, candidates, states) one visitor may send per second,
 * on average, with bursts of VOICE_SIGNAL_BURST. This budget is the signalling's own: the hub's
 * per-socket window (40 a second, avatar states, chat) does not count these messages. Joining
 * costs, for six peers, an offer or an answer each (its ICE candidates inside) and at most one
 * late batch of candidates each; the burst also has room for what a full instance joining at
 * once asks of its most wanted visitor when views differ: an answer or a decline to every other
 * visitor's offer, and its own connections' offers, candidates and evictions. */
export const VOICE_SIGNALS_PER_SECOND = 20;
export const VOICE_SIGNAL_BURST = MAX_VISITORS_PER_INSTANCE - 1 + 4 * VOICE_MAX_PEERS;
/** When two visitors want each other, the lower id offers: the greater one waits this long
 * before offering to a lower id, so that an offer coming the other way finds a place kept for
 * it instead of crossing its own (glare). rules/voice-peers.ts voiceOfferDelay. */
export const VOICE_POLITE_WAIT_MS = 250;
/** A refused signalling message ('rate-limited') is sent again after this long, times the
 * attempt, up to VOICE_SIGNAL_RETRIES times, instead of dropping the connection. */
export const VOICE_SIGNAL_RETRY_MS = 250;
/** On joining the voice chat, and when someone joins or leaves it, the peers are chosen again
 * once the members have not changed for VOICE_MEMBERS_SETTLE_MS (at most
 * VOICE_MEMBERS_SETTLE_MAX_MS after the first change), so that many joining at once are planned
 * for together rather than one by one, each plan undoing the last. */
export const VOICE_MEMBERS_SETTLE_MS = 150;
export const VOICE_MEMBERS_SETTLE_MAX_MS = 600;
export const VOICE_SIGNAL_RETRIES = 4;
/** A signalling message may hold this many bytes of JSON (an offer's SDP is larger than chat). */
export const VOICE_SIGNAL_MAX_BYTES = 16_384;
export const VOICE_SDP_MAX = 12_000;

export const voiceMessages = {
  microphone: "You should give access to your microphone device",
  disabled: "Communications are disabled",
  otherInstance: "Signalling messages for peers in other instances are refused",
  blocked: "You cannot talk to this visitor",
  notInVoice: "Join the voice chat first",
  self: "You cannot talk to yourself",
} as const;

/** One STUN or TURN server, as RTCPeerConnection takes it (served to visitors allowed to speak). */
export const IceServerSchema = z.object({
  urls: z.union([z.string().min(1).max(500), z.array(z.string().min(1).max(500)).min(1).max(10)]),
  username: z.string().max(500).optional(),
  credential: z.string().max(500).optional(),
});
export const IceServersSchema = z.array(IceServerSchema).max(10);
export type IceServer = z.infer<typeof IceServerSchema>;

const IceCandidateSchema = z.object({
  candidate: z.string().max(1000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
/** What one peer tells another: a session description, a batch of ICE candidates, or goodbye
 * (a refused or closed connection). */
export const VoiceSignalBodySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("offer"), sdp: z.string().min(1).max(VOICE_SDP_MAX) }),
  z.object({ type: z.literal("answer"), sdp: z.string().min(1).max(VOICE_SDP_MAX) }),
  z.object({
    type: z.literal("candidates"),
    candidates: z.array(IceCandidateSchema).min(1).max(20),
  }),
  z.object({ type: z.literal("bye") }),
]);
export type VoiceSignalBody = z.infer<typeof VoiceSignalBodySchema>;

/** Join the instance's voice chat (ack: the ICE servers); refused where the ACL says no. */
export const JoinVoiceSchema = z.object({ muted: z.boolean().default(false) });
export const LeaveVoiceSchema = z.object({}).strict();
/** One's microphone state, to the instance. */
export const SetVoiceStateSchema = z.object({ muted: z.boolean() });
/** A signalling message to one peer of the same instance. */
export const SendVoiceSignalSchema = z.object({ to: IdSchema, signal: VoiceSignalBodySchema });
/** JoinVoice's acknowledgement: the ICE servers and who is in the instance's voice chat already. */
export const JoinVoiceResultSchema = z.object({
  ok: z.literal(true),
  iceServers: IceServersSchema,
  members: z.array(z.object({ visitorId: IdSchema, muted: z.boolean() })).max(1000),
});

/** With the Janus SFU (JANUS_URL): one's microphone, a WebRTC offer (all ICE candidates in it,
 * no trickle) for the instance's Janus room; the acknowledgement holds Janus's answer. */
export const SfuPublishSchema = z.object({ sdp: z.string().min(1).max(VOICE_SDP_MAX) });
export const SfuPublishResultSchema = z.object({
  ok: z.literal(true),
  sdp: z.string().min(1),
});
/** The answer to an SfuOffer (that visitor's voice, from Janus). */
export const SfuAnswerSchema = z.object({
  visitorId: IdSchema,
  sdp: z.string().min(1).max(VOICE_SDP_MAX),
});
/** Janus offers one visitor's voice (a subscription the server made for this visitor). */
export const SfuOfferSchema = z.object({
  instanceId: IdSchema,
  visitorId: IdSchema,
  sdp: z.string().min(1),
});
export type SfuOffer = z.infer<typeof SfuOfferSchema>;

/** Someone of one's instance joined, left or (un)muted the voice chat. */
export const VoiceStateSchema = z.object({
  instanceId: IdSchema,
  visitorId: IdSchema,
  inVoice: z.boolean(),
  muted: z.boolean(),
});
export type VoiceState = z.infer<typeof VoiceStateSchema>;
/** A relayed signalling message from a peer of one's instance. */
export const VoiceSignalSchema = z.object({
  instanceId: IdSchema,
  from: IdSchema,
  signal: VoiceSignalBodySchema,
});
export type VoiceSignal = z.infer<typeof VoiceSignalSchema>;

// --- moderation by the space's owner (issue 19, spec 1 §6): mute for everyone, lock chat ---

/** The owner locked or unlocked the space's chat (to everyone in the space). */
export const ChatLockSchema = z.object({ sceneId: IdSchema, locked: z.boolean() });
/** The owner muted (or unmuted) a visitor for everyone in the space: `userId` is theirs (a guest's
 * id lasts one visit). A muted visitor may not write in the chat nor speak. */
export const SpaceMuteSchema = z.object({
  sceneId: IdSchema,
  userId: IdSchema,
  muted: z.boolean(),
});

/** The space's events were scheduled, changed or cancelled: the events sidebar asks again. */
export const SceneEventsChangedSchema = z.object({ sceneId: IdSchema });

/** Client methods the server accepts, by name, with their payloads (protocol version 1). */
export const liveUserHubClientV1 = {
  JoinScene: JoinSceneSchema,
  ExitCurrentScene: ExitCurrentSceneSchema,
  SendPublicMessage: SendPublicMessageSchema,
  SendTransform: SendTransformSchema,
  Greet: GreetSchema,
  JoinVoice: JoinVoiceSchema,
  LeaveVoice: LeaveVoiceSchema,
  SetVoiceState: SetVoiceStateSchema,
  SendVoiceSignal: SendVoiceSignalSchema,
  SendEventMessage: SendEventMessageSchema,
  SfuPublish: SfuPublishSchema,
  SfuAnswer: SfuAnswerSchema,
} as const;
/** Server events, by name, with their payloads (protocol version 1). */
export const liveUserHubServerV1 = {
  MyUserId: MyUserIdSchema,
  TotalLiveVisitors: TotalLiveVisitorsSchema,
  EnteredInstance: EnteredInstanceSchema,
  ExitedInstance: ExitedInstanceSchema,
  JoinedGroup: JoinedGroupSchema,
  LeftGroup: LeftGroupSchema,
  LiveVisitorCountPerSceneInstance: LiveVisitorCountPerSceneInstanceSchema,
  LiveVisitorsInMySceneInstance: LiveVisitorsInMySceneInstanceSchema,
  LiveVisitorCountInMyScene: LiveVisitorCountInMySceneSchema,
  PublicMessage: PublicMessageSchema,
  Transforms: TransformsSchema,
  Greeted: GreetedSchema,
  RemovedFromInstance: RemovedFromInstanceSchema,
  ChatLock: ChatLockSchema,
  SpaceMute: SpaceMuteSchema,
  VoiceState: VoiceStateSchema,
  VoiceSignal: VoiceSignalSchema,
  // parties (issue 19, packages/domain/src/parties.ts): sent to each member's connections
  ...partyHubServerV1,
  EventMessage: EventMessageSchema,
  SceneEventsChanged: SceneEventsChangedSchema,
  SfuOffer: SfuOfferSchema,
  HubError: HubErrorSchema,
} as const;
export type LiveUserHubServerEvents = {
  [K in keyof typeof liveUserHubServerV1]: z.infer<(typeof liveUserHubServerV1)[K]>;
};
export type LiveUserHubClientMethods = {
  [K in keyof typeof liveUserHubClientV1]: z.input<(typeof liveUserHubClientV1)[K]>;
};

/**
 * GET /api/communicationInteractionService/livevisitorcount?sceneIds=a,b,c: the live visitors of
 * each space, across its instances (spec 2 §3.1, the space cards). Spaces with nobody in them, or
 * that the caller may not see, are left out. Cards poll it (one call for all the cards of a page).
 */
export const LiveVisitorCountsQuerySchema = z.object({
  sceneIds: z
    .string()
    .min(1)
    .max(LIVE_COUNT_MAX_SPACES * 65)
    .transform((value) => [...new Set(value.split(",").filter(Boolean))])
    .pipe(z.array(IdSchema).min(1).max(LIVE_COUNT_MAX_SPACES)),
});
export const LiveVisitorCountsSchema = z.object({
  counts: z.record(z.string(), z.number().int().min(1)),
});
export type LiveVisitorCounts = z.infer<typeof LiveVisitorCountsSchema>;

/** The answer of every client method (Socket.IO acknowledgement). */
export const HubAckSchema = z.union([
  z.object({ ok: z.literal(true) }).passthrough(),
  z.object({ ok: z.literal(false), error: HubErrorSchema }),
]);
export type HubAck = z.infer<typeof HubAckSchema>;

// --- direct message groups (REST /api/communicationInteractionService/directmessagegroup…
// and directmessagegrouphub), version 1 ---

/** A direct message group holds its creator and up to this many others. */
export const DM_GROUP_MAX_MEMBERS = 25;
export const DM_TEXT_MAX = 2000;

export const DmPersonSchema = z.object({
  userId: IdSchema,
  name: z.string(),
  profilePicture: UriSchema.nullable(),
});
export const DirectMessageGroupSchema = z.object({
  groupId: IdSchema,
  title: z.string(),
  members: z.array(DmPersonSchema),
  createdBy: IdSchema,
  createdAt: TimestampSchema,
  lastMessageAt: TimestampSchema,
});
export type DirectMessageGroup = z.infer<typeof DirectMessageGroupSchema>;
export const DirectMessageSchema = z.object({
  id: IdSchema,
  groupId: IdSchema,
  text: z.string().min(1).max(DM_TEXT_MAX),
  time: TimestampSchema,
  user: DmPersonSchema,
});
export type DirectMessage = z.infer<typeof DirectMessageSchema>;
export const CreateDirectMessageGroupSchema = z.object({
  memberIds: z
    .array(IdSchema)
    .min(1)
    .max(DM_GROUP_MAX_MEMBERS - 1),
  title: z.string().trim().max(100).default(""),
});
export const SendDirectMessageSchema = z.object({
  text: z.string().trim().min(1).max(DM_TEXT_MAX),
});
export const SendDirectMessageGroupMessageSchema = SendDirectMessageSchema.extend({
  groupId: IdSchema,
});

export const directMessageGroupHubClientV1 = {
  SendDirectMessageGroupMessage: SendDirectMessageGroupMessageSchema,
} as const;
export const directMessageGroupHubServerV1 = {
  NewDirectMessageGroup: DirectMessageGroupSchema,
  NewDirectMessageGroupMessage: DirectMessageSchema,
  HubError: HubErrorSchema,
} as const;

// --- blocks, mutes and removal (creator and visitor menu, spec 1 §6, 2 §2.2) ---

/** A removed visitor may not come back to that instance for this long. */
export const REMOVAL_BAN_MS = 10 * 60_000;
/** What a user may keep in their block and mute lists. */
export const BLOCK_LIST_MAX = 1000;

export const relationMessages = {
  blockedDm: "You cannot send messages to this user",
  blockedGreet: "You cannot greet this visitor",
  self: "You cannot do this to yourself",
  notOwner: "Only the space's owner can remove visitors",
  notOwnerModerate: "Only the space's owner can do this",
  mutedByOwner: "The space's owner muted you",
  chatLocked: "The space's owner locked the chat",
  notHere: "This visitor is not in the space any more",
  removed: "You were removed from this space's instance",
} as const;

/** POST userblock / usermute: whom. */
export const UserRelationInputSchema = z.object({ userId: IdSchema });
/** GET userblock, GET usermute: the people in the list, latest first. */
export const RelationEntrySchema = z.object({
  userId: IdSchema,
  name: z.string(),
  profilePicture: UriSchema.nullable(),
  since: TimestampSchema,
});
export type RelationEntry = z.infer<typeof RelationEntrySchema>;
/** GET relation/{userId}: what stands between the caller and another user. */
export const UserRelationSchema = z.object({
  userId: IdSchema,
  blocked: z.boolean(),
  blockedMe: z.boolean(),
  muted: z.boolean(),
});
export type UserRelation = z.infer<typeof UserRelationSchema>;
/** POST liveuser/remove: the space's owner removes a visitor (a connection) from its instance. */
export const RemoveVisitorSchema = z.object({ sceneId: IdSchema, visitorId: IdSchema });
export const RemoveVisitorResultSchema = z.object({
  removed: z.boolean(),
  instanceId: IdSchema,
  until: TimestampSchema,
});

/** A guest's mute for everyone lasts this long (guests are known by their address, which changes
 * hands); a user's lasts until the owner lifts it. */
export const GUEST_SPACE_MUTE_MS = 24 * 60 * 60_000;
/** POST liveuser/mute: the space's owner mutes a visitor (a connection) for everyone. */
export const SpaceMuteInputSchema = z.object({ sceneId: IdSchema, visitorId: IdSchema });
/** POST liveuser/unmute: lifts a mute (by the muted user's id, as the mute list gives it). */
export const SpaceUnmuteInputSchema = z.object({ sceneId: IdSchema, userId: IdSchema });
/** POST liveuser/chatlock: only the owner may write while the chat is locked. */
export const ChatLockInputSchema = z.object({ sceneId: IdSchema, locked: z.boolean() });
export const SpaceMuteEntrySchema = z.object({
  userId: IdSchema,
  name: z.string(),
  guest: z.boolean(),
  since: TimestampSchema,
  /** Null: until the owner lifts it. */
  until: TimestampSchema.nullable(),
});
export type SpaceMuteEntry = z.infer<typeof SpaceMuteEntrySchema>;
/** GET liveuser/moderation?sceneId=: the space's moderation state (owner only). */
export const SpaceModerationSchema = z.object({
  sceneId: IdSchema,
  chatLocked: z.boolean(),
  mutes: z.array(SpaceMuteEntrySchema),
});
export type SpaceModeration = z.infer<typeof SpaceModerationSchema>;
export const MODERATION_ACTIONS = ["mute", "unmute", "remove", "lockChat", "unlockChat"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** One line of the owner's moderation log: who did what to whom, when. */
export const ModerationLogEntrySchema = z.object({
  id: IdSchema,
  sceneId: IdSchema,
  action: z.enum(MODERATION_ACTIONS),
  actor: z.object({ userId: IdSchema, name: z.string() }),
  target: z.object({ userId: IdSchema, name: z.string(), guest: z.boolean() }).nullable(),
  instanceId: IdSchema.nullable(),
  time: TimestampSchema,
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntrySchema>;
export const ModerationLogQuerySchema = z.object({
  sceneId: IdSchema,
  cp: z.coerce.number().int().min(0).max(10_000).default(0),
  ipp: z.coerce.number().int().min(1).max(100).default(50),
});
