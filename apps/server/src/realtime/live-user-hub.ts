import { randomUUID } from "node:crypto";
import {
  ACCOUNT_PLANS,
  type AccountPlan,
  type AvatarState,
  CHAT_RATE_MAX,
  CHAT_RATE_WINDOW_MS,
  HUB_MESSAGE_MAX_BYTES,
  type HubAck,
  type HubError,
  type IceServer,
  type LiveUserHubServerEvents,
  type LiveVisitor,
  liveUserHubClientV1,
  MAX_VISITORS_PER_INSTANCE,
  REMOVAL_BAN_MS,
  relationMessages,
  TRANSFORM_TICK_HZ,
  VOICE_SIGNAL_MAX_BYTES,
} from "@atrium/domain";
import type { Logger } from "pino";
import type { Namespace, Socket } from "socket.io";
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from "../errors.js";
import { type AuthContext, assertSignedIn } from "../http/auth.js";
import type { ModerationStore } from "../modules/communication/moderation-store.js";
import type { RelationsService } from "../modules/communication/relations.js";
import type { EventsService } from "../modules/events/service.js";
import type { ScenesService } from "../modules/scenes/service.js";
import { createEventChat } from "./event-chat.js";
import type { HubIdentity } from "./hub-token.js";
import { type JanusVoice, janusVoiceHandlers } from "./janus-voice.js";
import { addressKeyOf, createModeration } from "./moderation.js";
import type { PartyHooks } from "./party-hub.js";
import type { Placement, PresenceStore } from "./presence.js";
import { iceServersFor, type TurnSettings } from "./turn-credentials.js";
import { createVoiceSignalling } from "./voice-signalling.js";

/** Messages one socket may send per second (transforms at 15 Hz, chat, joins); more are dropped. */
export const SOCKET_MESSAGES_PER_SECOND = 40;
/** A space's visitor counts go out at most this often: a crowd arriving in a busy space costs one
 * count message per visitor per interval, not one per visitor per arrival (bench `realtime`). */
export const COUNTS_INTERVAL_MS = 500;

interface VisitorState {
  identity: HubIdentity;
  visitor: LiveVisitor;
  placement: Placement | null;
  canChat: boolean;
  /** A guest's hashed address (moderation.ts); null for users. */
  addressKey: string | null;
  isOwner: boolean;
  chatLocked: boolean;
  mutedByOwner: boolean;
  chatTimes: number[];
  windowStart: number;
  windowCount: number;
  lastRateError: number;
}

type Method = keyof typeof liveUserHubClientV1;

const instanceRoom = (instanceId: string) => `inst:${instanceId}`;
const sceneRoom = (sceneId: string) => `scene:${sceneId}`;
const personRoom = (userId: string) => `user:${userId}`;
/** Hold a removed visitor's connection this long, so that it is told before it is cut. */
const REMOVAL_GRACE_MS = 250;

/** What keeps a removed visitor out: their user id; for a guest also their address. */
function banKeys(identity: HubIdentity, addressKey: string | null) {
  return identity.guest && addressKey ? [identity.userId, addressKey] : [identity.userId];
}

export function hubAuthOf(identity: HubIdentity): AuthContext | null {
  if (identity.guest) return null;
  const plan = (ACCOUNT_PLANS as readonly string[]).includes(identity.plan ?? "")
    ? (identity.plan as AccountPlan)
    : "free";
  return { userId: identity.userId, sessionId: "hub", plan, isAdmin: identity.isAdmin };
}

/**
 * liveuserhub: scene instances, presence, public chat and the avatars' batched transforms.
 * Every client message goes through one dispatcher: size, rate, schema, then the handler;
 * what it refuses is answered with a HubError (and the method's acknowledgement), never a throw.
 */
export function attachLiveUserHub(
  nsp: Namespace,
  deps: {
    presence: PresenceStore;
    scenes: ScenesService;
    relations: RelationsService;
    /** The owner's mutes, chat locks and log (PostgreSQL). */
    moderationStore: ModerationStore;
    /** Other app instances share the hubs through the Redis adapter. */
    shared?: boolean;
    /** Events (issue 19): the event chat. */
    events: Pick<EventsService, "byId" | "addMessage">;
    logger: Logger;
    trustProxy?: boolean;
    /** STUN/TURN servers handed to visitors who join the voice chat (ICE_SERVERS). */
    iceServers?: IceServer[];
    /** TURN with time-limited credentials (TURN_SECRET, TURN_URLS): one per visitor who joins. */
    turn?: TurnSettings | null;
    /** Voice through the Janus SFU (JANUS_URL); unset: peer to peer. */
    janus?: JanusVoice | null;
    heartbeatMs: number;
    sweepMs: number;
    now?: () => number;
    /** Parties (issue 19): a leader's followers get seats and are told to follow. */
    parties?: PartyHooks;
  },
) {
  const { presence, scenes, relations, logger } = deps;
  const trustProxy = deps.trustProxy ?? false;
  const now = deps.now ?? (() => Date.now());
  const local = new Map<string, VisitorState>(); // socket id -> state
  const pending = new Map<string, Map<string, AvatarState>>(); // instanceId -> visitorId -> state
  const countsDue = new Set<string>(); // scenes whose counts changed since they were last sent
  const countsSentAt = new Map<string, number>();
  // voice (issue 19): WebRTC signalling relayed within an instance (voice-signalling.ts)
  const voice = createVoiceSignalling({
    nsp,
    presence,
    scenes,
    relations,
    // a guest's user id lasts one visit, like their connection: the credential names either
    iceServersFor: (state) =>
      iceServersFor(
        deps.iceServers ?? [],
        deps.turn ?? null,
        state.identity.guest ? state.visitor.visitorId : state.visitor.userId,
        now(),
      ),
    hubAuthOf,
    now,
  });
  const janus = deps.janus ?? null;
  // the space owner's moderation (moderation.ts): mutes for everyone, chat lock, log
  const moderation = createModeration({
    nsp,
    presence,
    scenes,
    store: deps.moderationStore,
    local,
    leaveVoice: (socketId) => {
      voice.leave(socketId);
      // through Janus: their publisher goes too, so no audio of theirs is forwarded
      void janus?.release(socketId).catch(() => {});
    },
    shared: deps.shared ?? false,
    now,
  });
  // events (issue 19): a live event's chat, to every instance of its space (event-chat.ts)
  const eventChat = createEventChat({
    nsp,
    events: deps.events,
    relations,
    overRate: (state) => overChatRate(state as VisitorState),
    // the owner's mutes and chat lock hold in the event chat too
    refusal: (state) => moderation.chatRefusal(state as VisitorState),
    now,
  });

  /** The chat's rate (public, greetings, event): CHAT_RATE_MAX per CHAT_RATE_WINDOW_MS. */
  function overChatRate(state: VisitorState) {
    const at = now();
    state.chatTimes = state.chatTimes.filter((time) => at - time < CHAT_RATE_WINDOW_MS);
    if (state.chatTimes.length >= CHAT_RATE_MAX) return true;
    state.chatTimes.push(at);
    return false;
  }

  function emit<K extends keyof LiveUserHubServerEvents>(
    target: { emit(event: string, payload: unknown): unknown },
    event: K,
    payload: LiveUserHubServerEvents[K],
  ) {
    target.emit(event, payload);
  }

  /** The counts of a scene changed: they go out with the next tick, at most every COUNTS_INTERVAL_MS. */
  function countsChanged(sceneId: string) {
    countsDue.add(sceneId);
  }

  function sendDueCounts(at: number) {
    for (const sceneId of countsDue) {
      if (at - (countsSentAt.get(sceneId) ?? Number.NEGATIVE_INFINITY) < COUNTS_INTERVAL_MS) {
        continue;
      }
      countsDue.delete(sceneId);
      countsSentAt.set(sceneId, at);
      broadcastCounts(sceneId).catch((err) => logger.warn({ err }, "sending counts failed"));
    }
    for (const [sceneId, sentAt] of countsSentAt) {
      if (at - sentAt >= COUNTS_INTERVAL_MS && !countsDue.has(sceneId))
        countsSentAt.delete(sceneId);
    }
  }

  async function broadcastCounts(sceneId: string) {
    const instances = await presence.instanceCounts(sceneId);
    const count = instances.reduce((sum, entry) => sum + entry.count, 0);
    const room = nsp.to(sceneRoom(sceneId));
    emit(room, "LiveVisitorCountPerSceneInstance", { sceneId, instances });
    emit(room, "LiveVisitorCountInMyScene", { sceneId, count });
  }

  async function exitCurrent(socket: Socket, state: VisitorState, notifySelf: boolean) {
    const placement = state.placement;
    if (!placement) return;
    state.placement = null;
    socket.data.placement = null;
    await janus?.release(socket.id);
    pending.get(placement.instanceId)?.delete(state.visitor.visitorId);
    await socket.leave(instanceRoom(placement.instanceId));
    await socket.leave(sceneRoom(placement.sceneId));
    const removed = await presence.leave(state.visitor.visitorId);
    if (notifySelf) emit(socket, "ExitedInstance", placement);
    if (removed) {
      emit(nsp.to(instanceRoom(placement.instanceId)), "LeftGroup", {
        instanceId: placement.instanceId,
        visitorId: state.visitor.visitorId,
      });
      countsChanged(placement.sceneId);
    }
  }

  const handlers: {
    [K in Method]: (
      socket: Socket,
      state: VisitorState,
      payload: ReturnType<(typeof liveUserHubClientV1)[K]["parse"]>,
    ) => Promise<Record<string, unknown> | HubError>;
  } = {
    async JoinScene(socket, state, { sceneId }) {
      const { identity } = state;
      if (identity.guest && identity.sceneId !== sceneId) {
        return refused("not-allowed", "JoinScene", "A guest key opens only its own space");
      }
      const auth = hubAuthOf(identity);
      let canChat: boolean;
      let ownerId: string;
      try {
        ownerId = (await scenes.viewable(auth, sceneId)).owner_id;
        canChat = (await scenes.communicationAccess(auth, sceneId)).allowed;
      } catch (err) {
        if (err instanceof AppError && err.status === 404) {
          return refused("not-found", "JoinScene", "No such space");
        }
        if (err instanceof AppError) {
          return refused("not-allowed", "JoinScene", "You may not visit this space");
        }
        throw err;
      }
      await exitCurrent(socket, state, true);
      // an instance its owner removed this visitor from stays closed to them for a while
      const banned = await presence.bannedInstances(sceneId, banKeys(identity, state.addressKey));
      // a party's leader goes where the whole party fits, and seats are held for the others
      const trip = identity.guest ? null : ((await deps.parties?.plan(identity, sceneId)) ?? null);
      const placement = await presence.join(
        sceneId,
        state.visitor,
        MAX_VISITORS_PER_INSTANCE,
        banned,
        trip?.seats,
      );
      state.placement = placement;
      socket.data.placement = placement;
      state.canChat = canChat;
      // the owner's mutes and chat lock hold on every connection (PostgreSQL), so on this one too
      const { chatLocked, muted } = await moderation.joinState(sceneId, state, ownerId);
      await socket.join([instanceRoom(placement.instanceId), sceneRoom(sceneId)]);
      const visitors = await presence.visitors(placement.instanceId);
      const mutedUserIds = await moderation.mutedAmong(
        sceneId,
        visitors.map((visitor) => visitor.userId),
      );
      emit(socket, "EnteredInstance", {
        ...placement,
        visitors,
        canChat,
        chatLocked,
        mutedByOwner: muted,
        mutedUserIds,
        voice: janus ? "janus" : "p2p",
      });
      emit(socket, "LiveVisitorsInMySceneInstance", {
        instanceId: placement.instanceId,
        visitors,
      });
      emit(socket.to(instanceRoom(placement.instanceId)), "JoinedGroup", {
        instanceId: placement.instanceId,
        visitor: state.visitor,
      });
      countsChanged(sceneId);
      if (trip) {
        deps.parties?.entered(trip, placement).catch((err) => {
          logger.warn({ err }, "telling a party to follow failed");
        });
      }
      return { instanceId: placement.instanceId, canChat };
    },

    async ExitCurrentScene(socket, state) {
      if (!state.placement) return refused("not-in-instance", "ExitCurrentScene", "Not in a space");
      await exitCurrent(socket, state, true);
      return {};
    },

    async SendPublicMessage(_socket, state, { text }) {
      const placement = state.placement;
      if (!placement) {
        return refused("not-in-instance", "SendPublicMessage", "Join a space before chatting");
      }
      if (!state.canChat) {
        return refused("not-allowed", "SendPublicMessage", "Communications are disabled");
      }
      const refusal = moderation.chatRefusal(state);
      if (refusal) return refused("not-allowed", "SendPublicMessage", refusal);
      if (overChatRate(state)) {
        return refused("rate-limited", "SendPublicMessage", "Too many messages; wait a moment");
      }
      const at = now();
      const message = {
        id: randomUUID(),
        instanceId: placement.instanceId,
        text,
        time: new Date(at).toISOString(),
        user: {
          userId: state.visitor.userId,
          visitorId: state.visitor.visitorId,
          name: state.visitor.name,
          profilePicture: state.visitor.profilePicture,
        },
      };
      // the people who blocked the sender do not receive their words
      const blockers = await relations.blockersOf(state.visitor.userId);
      emit(
        nsp.to(instanceRoom(placement.instanceId)).except(blockers.map(personRoom)),
        "PublicMessage",
        message,
      );
      return { id: message.id };
    },

    async Greet(_socket, state, { visitorId }) {
      const placement = state.placement;
      if (!placement) return refused("not-in-instance", "Greet", "Join a space first");
      const target = await presence.entry(visitorId);
      if (!target || target.instanceId !== placement.instanceId) {
        return refused("not-found", "Greet", relationMessages.notHere);
      }
      if (visitorId === state.visitor.visitorId) {
        return refused("not-allowed", "Greet", relationMessages.self);
      }
      if (overChatRate(state)) {
        return refused("rate-limited", "Greet", "Too many greetings; wait a moment");
      }
      if ((await relations.blockersOf(state.visitor.userId)).includes(target.visitor.userId)) {
        return refused("not-allowed", "Greet", relationMessages.blockedGreet);
      }
      // to that one connection, on whichever app instance holds it
      emit(nsp.to(visitorId), "Greeted", {
        instanceId: placement.instanceId,
        from: state.visitor,
      });
      return {};
    },

    async SendTransform(_socket, state, transform) {
      return storeTransform(state, transform);
    },

    ...voice.handlers,
    ...eventChat.handlers,
    ...janusVoiceHandlers(janus, voice.handlers, logger),
  };

  /** A visitor's latest avatar state, for the next tick's batch of its instance. */
  function storeTransform(
    state: VisitorState,
    transform: AvatarState,
  ): Record<string, never> | HubError {
    const placement = state.placement;
    if (!placement) return refused("not-in-instance", "SendTransform", "Join a space first");
    let batch = pending.get(placement.instanceId);
    if (!batch) {
      batch = new Map();
      pending.set(placement.instanceId, batch);
    }
    batch.set(state.visitor.visitorId, transform);
    return {};
  }

  function refused(code: HubError["code"], method: string, message: string): HubError {
    return { code, method, message };
  }
  const isError = (value: Record<string, unknown> | HubError): value is HubError =>
    typeof (value as HubError).code === "string" && typeof (value as HubError).method === "string";

  nsp.on("connection", (socket) => {
    const identity = socket.data.identity as HubIdentity;
    const state: VisitorState = {
      identity,
      visitor: {
        visitorId: socket.id,
        userId: identity.userId,
        name: identity.name,
        profilePicture: identity.profilePicture,
        guest: identity.guest,
        avatarId: identity.avatarId,
      },
      placement: null,
      canChat: false,
      addressKey: identity.guest ? addressKeyOf(socket.handshake, trustProxy) : null,
      isOwner: false,
      chatLocked: false,
      mutedByOwner: false,
      chatTimes: [],
      windowStart: now(),
      windowCount: 0,
      lastRateError: 0,
    };
    local.set(socket.id, state);
    socket.data.addressKey = state.addressKey;
    if (!identity.guest) {
      void socket.join(personRoom(identity.userId));
      deps.parties?.presenceChanged(identity.userId);
    }
    emit(socket, "MyUserId", {
      userId: identity.userId,
      visitorId: socket.id,
      guest: identity.guest,
    });
    void presence
      .total()
      .then((count) => emit(socket, "TotalLiveVisitors", { count }))
      .catch(() => {});

    // one queue per socket: a client's messages are handled in the order it sent them
    let queue: Promise<void> = Promise.resolve();
    let queued = 0; // messages waiting in the queue
    socket.onAny((event: unknown, ...args: unknown[]) => {
      const ack = typeof args.at(-1) === "function" ? (args.pop() as (a: HubAck) => void) : null;
      const method = typeof event === "string" ? event.slice(0, 100) : "?";
      const fail = (error: HubError) => {
        emit(socket, "HubError", error);
        ack?.({ ok: false, error });
      };
      const at = now();
      if (at - state.windowStart >= 1000) {
        state.windowStart = at;
        state.windowCount = 0;
      }
      // voice signalling has a token bucket of its own, sized for a full instance joining at
      // once (VOICE_SIGNAL_BURST, voice-signalling.ts); the window would cut that burst short
      if (method !== "SendVoiceSignal" && ++state.windowCount > SOCKET_MESSAGES_PER_SECOND) {
        // a flood: drop, and say so at most once a second
        if (at - state.lastRateError >= 1000) {
          state.lastRateError = at;
          fail(refused("rate-limited", method, "Too many messages; some were dropped"));
        } else {
          ack?.({ ok: false, error: refused("rate-limited", method, "Dropped") });
        }
        return;
      }
      let size = 0;
      try {
        size = Buffer.byteLength(JSON.stringify(args[0] ?? null) ?? "");
      } catch {
        size = Number.POSITIVE_INFINITY;
      }
      // a WebRTC offer's SDP is larger than any other message
      const maxBytes =
        method === "SendVoiceSignal" || method === "SfuPublish" || method === "SfuAnswer"
          ? VOICE_SIGNAL_MAX_BYTES
          : HUB_MESSAGE_MAX_BYTES;
      if (size > maxBytes || args.length > 1) {
        fail(refused("too-large", method, `A message may hold ${maxBytes} bytes`));
        return;
      }
      if (!Object.hasOwn(liveUserHubClientV1, method)) {
        fail(refused("unknown-method", method, "Unknown method"));
        return;
      }
      const name = method as Method;
      const parsed = liveUserHubClientV1[name].safeParse(args[0] ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        fail(
          refused(
            "bad-message",
            name,
            `${issue?.path.join(".") || "payload"}: ${issue?.message ?? "invalid"}`,
          ),
        );
        return;
      }
      if (name === "SendTransform" && queued === 0) {
        // the hot path (10-15 a second per visitor, bench `realtime`): with nothing waiting
        // before it, it is handled at once, without a turn of the queue (same order)
        const result = storeTransform(state, parsed.data as AvatarState);
        if (isError(result)) fail(result);
        else ack?.({ ok: true });
        return;
      }
      queued++;
      queue = queue.then(async () => {
        try {
          const handler = handlers[name] as (
            socket: Socket,
            state: VisitorState,
            payload: unknown,
          ) => Promise<Record<string, unknown> | HubError>;
          const result = await handler(socket, state, parsed.data);
          if (isError(result)) fail(result);
          else ack?.({ ok: true, ...result });
        } catch (err) {
          logger.error({ err, method: name }, "hub method failed");
          fail(refused("bad-message", name, "The server could not handle this message"));
        } finally {
          queued--;
        }
      });
    });

    socket.on("disconnect", () => {
      local.delete(socket.id);
      if (!identity.guest) deps.parties?.presenceChanged(identity.userId);
      queue = queue.then(() =>
        exitCurrent(socket, state, false).catch((err) =>
          logger.warn({ err }, "leaving a scene instance failed"),
        ),
      );
    });
  });

  // the avatars: every tick, one batched message per instance with the states that changed
  const tick = setInterval(() => {
    sendDueCounts(now());
    for (const [instanceId, batch] of pending) {
      if (batch.size === 0) continue;
      const states = [...batch].map(([visitorId, transform]) => ({ visitorId, ...transform }));
      batch.clear();
      emit(nsp.to(instanceRoom(instanceId)), "Transforms", { instanceId, states });
    }
  }, 1000 / TRANSFORM_TICK_HZ);

  // presence: keep this app instance's visitors alive; sweep those of app instances that died
  let lastTotal = -1;
  const heartbeat = setInterval(() => {
    const ids = [...local.values()].flatMap((state) =>
      state.placement ? [state.visitor.visitorId] : [],
    );
    void presence.refresh(ids).catch((err) => logger.warn({ err }, "presence heartbeat failed"));
  }, deps.heartbeatMs);
  const sweep = setInterval(() => {
    void (async () => {
      const gone = await presence.sweep();
      const scenesTouched = new Set<string>();
      for (const departure of gone) {
        pending.get(departure.instanceId)?.delete(departure.visitorId);
        emit(nsp.to(instanceRoom(departure.instanceId)), "LeftGroup", {
          instanceId: departure.instanceId,
          visitorId: departure.visitorId,
        });
        scenesTouched.add(departure.sceneId);
      }
      for (const sceneId of scenesTouched) countsChanged(sceneId);
      const total = await presence.total();
      if (total !== lastTotal) {
        lastTotal = total;
        emit(nsp.local, "TotalLiveVisitors", { count: total });
      }
    })().catch((err) => logger.warn({ err }, "presence sweep failed"));
  }, deps.sweepMs);

  return {
    /**
     * The space's owner removes a visitor (one connection) from its instance: the visitor is
     * told (RemovedFromInstance), cut off, and kept out of that instance for REMOVAL_BAN_MS;
     * their next JoinScene places them elsewhere. Works on whichever app instance holds them.
     */
    async removeVisitor(auth: AuthContext | null, sceneId: string, visitorId: string) {
      const me = assertSignedIn(auth);
      const scene = await scenes.viewable(auth, sceneId);
      if (scene.owner_id !== me.userId) throw new ForbiddenError(relationMessages.notOwner);
      const target = await presence.entry(visitorId);
      if (!target || target.sceneId !== sceneId) throw new NotFoundError(relationMessages.notHere);
      if (target.visitor.userId === me.userId) {
        throw new BadRequestError(relationMessages.self, [
          { path: "body.visitorId", message: "is you" },
        ]);
      }
      const until = now() + REMOVAL_BAN_MS;
      const [remote] = await nsp.in(visitorId).fetchSockets();
      const keys = remote
        ? banKeys(
            remote.data.identity as HubIdentity,
            (remote.data.addressKey as string | null | undefined) ?? null,
          )
        : [target.visitor.userId];
      await presence.ban(sceneId, target.instanceId, keys, until);
      await moderation.logRemoval({
        sceneId,
        actorId: me.userId,
        target: {
          userId: target.visitor.userId,
          name: target.visitor.name,
          guest: target.visitor.guest,
        },
        instanceId: target.instanceId,
      });
      const payload = {
        sceneId,
        instanceId: target.instanceId,
        until: new Date(until).toISOString(),
      };
      if (remote) {
        emit(remote, "RemovedFromInstance", payload);
        setTimeout(() => remote.disconnect(true), REMOVAL_GRACE_MS);
      } else {
        // its connection is gone already: drop the entry now rather than at its expiry
        const left = await presence.leave(visitorId);
        if (left) {
          emit(nsp.to(instanceRoom(left.instanceId)), "LeftGroup", {
            instanceId: left.instanceId,
            visitorId,
          });
          await broadcastCounts(left.sceneId);
        }
      }
      return { removed: Boolean(remote), instanceId: target.instanceId, until: payload.until };
    },

    /** The owner's mute for everyone, chat lock and log (REST calls of liveuser/…). */
    moderation: {
      mute: moderation.mute,
      unmute: moderation.unmute,
      setChatLock: moderation.setChatLock,
      state: moderation.state,
      log: moderation.log,
    },

    /** Stops the timers and leaves, for a graceful shutdown. */
    async close() {
      clearInterval(tick);
      clearInterval(heartbeat);
      clearInterval(sweep);
      const ids = [...local.values()].flatMap((state) =>
        state.placement ? [state.visitor.visitorId] : [],
      );
      await Promise.all(ids.map((id) => presence.leave(id).catch(() => null)));
    },
  };
}
