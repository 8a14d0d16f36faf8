import type { Server as HttpServer } from "node:http";
import {
  HUB_NAMESPACES,
  HUB_SOCKET_PATH,
  HubHandshakeSchema,
  SubscriptionHubEventSchema,
  WalletHubEventSchema,
} from "@atrium/domain";
import type { createAdapter } from "@socket.io/redis-adapter";
import type { Redis } from "ioredis";
import { Server } from "socket.io";
import type { AppContext } from "../context.js";
import type { DmService } from "../modules/communication/dm-service.js";
import { createModerationStore } from "../modules/communication/moderation-store.js";
import type { PartyService } from "../modules/communication/party-service.js";
import type { RelationsService } from "../modules/communication/relations.js";
import type { EventsService } from "../modules/events/service.js";
import type { NotificationsService } from "../modules/notifications/service.js";
import type { ScenesService } from "../modules/scenes/service.js";
import type { BillingPublisher } from "../modules/subscriptions/service.js";
import { attachDmHub, userRoom } from "./dm-hub.js";
import type { HubTokens } from "./hub-token.js";
import { createJanusClient } from "./janus-client.js";
import { createJanusVoice } from "./janus-voice.js";
import { attachLiveUserHub } from "./live-user-hub.js";
import { attachNotificationHub } from "./notification-hub.js";
import { attachPartyHub } from "./party-hub.js";
import { createMemoryPresence, createRedisPresence, type PresenceStore } from "./presence.js";

/** A visitor's entry lives this long without a heartbeat: an app instance that dies is
 * forgotten by the others within PRESENCE_TTL_MS + SWEEP_MS. */
export const PRESENCE_TTL_MS = 6_000;
const HEARTBEAT_MS = 2_000;
const SWEEP_MS = 2_000;
/** Socket.IO's own hard cap; the hubs refuse anything over HUB_MESSAGE_MAX_BYTES with an error. */
const ENGINE_MAX_BYTES = 64 * 1024;

export interface Realtime {
  io: Server;
  presence: PresenceStore;
  /** The space's owner removes a visitor from its instance (POST liveuser/remove). */
  removeVisitor: ReturnType<typeof attachLiveUserHub>["removeVisitor"];
  /** The owner's mute for everyone, chat lock and moderation log (POST liveuser/mute…). */
  moderation: ReturnType<typeof attachLiveUserHub>["moderation"];
  close(): Promise<void>;
}

/**
 * The hubs (ARCHITECTURE §6) on the app's own HTTP server: Socket.IO namespaces at the spec's
 * hub paths. With REDIS_URL, rooms fan out through the Socket.IO Redis adapter and presence
 * lives in Redis, so several app instances serve one space together.
 */
export function createRealtime(
  httpServer: HttpServer,
  deps: {
    context: AppContext;
    tokens: HubTokens;
    scenes: ScenesService;
    dms: DmService;
    relations: RelationsService;
    notifications: NotificationsService;
    /** Parties (issue 19): told to their members on liveuserhub; leaders' trips. */
    parties?: PartyService;
    /** Events (issue 19): the event chat, and the sidebars told of changes. */
    events: EventsService;
    /** Subscription and Wallet pushes (spec 2 §7.7 kinds), to every open tab of the user. */
    billing?: { setPublisher(publisher: BillingPublisher): void };
    /** @socket.io/redis-adapter's, loaded (with ioredis) only when REDIS_URL is set. */
    redisAdapter?: typeof createAdapter;
  },
): Realtime {
  const { context, tokens } = deps;
  const io = new Server(httpServer, {
    path: HUB_SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: ENGINE_MAX_BYTES,
    pingInterval: 10_000,
    pingTimeout: 5_000,
  });

  const prefix = context.redis?.options.keyPrefix ?? "";
  let pub: Redis | null = null;
  let sub: Redis | null = null;
  if (context.config.REDIS_URL && context.redis) {
    if (!deps.redisAdapter) throw new Error("the hubs need the Redis adapter with REDIS_URL");
    // the adapter publishes and subscribes on channels of its own, without the key prefix
    // (a copy of the app's connection: ioredis is loaded only when REDIS_URL is set, docs/startup.md)
    pub = context.redis.duplicate({ keyPrefix: "", maxRetriesPerRequest: 2 });
    sub = pub.duplicate();
    io.adapter(deps.redisAdapter(pub, sub, { key: `${prefix}atrium-hubs` }));
  }
  const presence = context.redis
    ? createRedisPresence(context.redis, PRESENCE_TTL_MS)
    : createMemoryPresence(PRESENCE_TTL_MS);

  for (const path of Object.values(HUB_NAMESPACES)) {
    io.of(path).use((socket, next) => {
      const handshake = HubHandshakeSchema.safeParse(socket.handshake.auth);
      const unauthorized = () => {
        const err = new Error("Unauthorized") as Error & { data?: unknown };
        err.data = { status: 401 };
        next(err);
      };
      if (!handshake.success) return unauthorized();
      tokens
        .verify(handshake.data.token)
        .then((identity) => {
          if (!identity) return unauthorized();
          socket.data.identity = identity;
          next();
        })
        .catch((err: unknown) => next(err instanceof Error ? err : new Error("hub auth failed")));
    });
  }

  const parties = deps.parties
    ? attachPartyHub(io.of(HUB_NAMESPACES.liveuserhub), {
        parties: deps.parties,
        sceneTitle: async (sceneId) =>
          (await deps.scenes.viewable(null, sceneId).catch(() => null))?.title ?? "",
        logger: context.logger.child({ component: "parties" }),
      })
    : undefined;
  // voice through the Janus SFU when JANUS_URL is set (janus-voice.ts), else peer to peer
  const { JANUS_URL, JANUS_API_SECRET, JANUS_ADMIN_KEY } = context.config;
  const janus = JANUS_URL
    ? createJanusVoice({
        client: createJanusClient({
          url: JANUS_URL,
          apiSecret: JANUS_API_SECRET,
          logger: context.logger.child({ component: "janus" }),
        }),
        presence,
        relations: deps.relations,
        roomKey: `${JANUS_API_SECRET ?? ""}|${JANUS_ADMIN_KEY ?? ""}`,
        adminKey: JANUS_ADMIN_KEY,
        logger: context.logger.child({ component: "janus" }),
      })
    : null;
  if (janus && !JANUS_API_SECRET) {
    context.logger.warn(
      "JANUS_URL without JANUS_API_SECRET: anyone who reaches Janus's API can use it (docs/realtime.md)",
    );
  }
  const live = attachLiveUserHub(io.of(HUB_NAMESPACES.liveuserhub), {
    parties,
    presence,
    scenes: deps.scenes,
    relations: deps.relations,
    moderationStore: createModerationStore(context.database.db),
    shared: pub !== null,
    events: deps.events,
    trustProxy: Boolean(context.config.TRUST_PROXY),
    iceServers: context.config.ICE_SERVERS,
    turn: context.config.turn,
    janus,
    logger: context.logger.child({ component: "liveuserhub" }),
    heartbeatMs: HEARTBEAT_MS,
    sweepMs: SWEEP_MS,
  });
  const liveUserHub = io.of(HUB_NAMESPACES.liveuserhub);
  deps.events.setPublisher({
    eventsChanged(sceneId) {
      liveUserHub.to(`scene:${sceneId}`).emit("SceneEventsChanged", { sceneId });
    },
  });
  attachDmHub(io.of(HUB_NAMESPACES.directmessagegrouphub), {
    dms: deps.dms,
    logger: context.logger.child({ component: "directmessagegrouphub" }),
  });
  // notificationhub: each signed-in connection listens in its user's room
  attachNotificationHub(io.of(HUB_NAMESPACES.notificationhub), {
    notifications: deps.notifications,
  });
  const notificationHub = io.of(HUB_NAMESPACES.notificationhub);
  deps.billing?.setPublisher({
    subscription(userId, event) {
      notificationHub
        .to(userRoom(userId))
        .emit("Subscription", SubscriptionHubEventSchema.parse(event));
    },
    wallet(userId, event) {
      notificationHub.to(userRoom(userId)).emit("Wallet", WalletHubEventSchema.parse(event));
    },
  });

  return {
    io,
    presence,
    removeVisitor: live.removeVisitor,
    moderation: live.moderation,
    async close() {
      await live.close();
      await janus?.close();
      io.disconnectSockets(true);
      for (const path of Object.values(HUB_NAMESPACES)) io.of(path).disconnectSockets(true);
      io.engine.close();
      await Promise.all([pub?.quit().catch(() => {}), sub?.quit().catch(() => {})]);
    },
  };
}
