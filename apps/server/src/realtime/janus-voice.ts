import { createHash, createHmac } from "node:crypto";
import {
  type HubError,
  type JoinVoiceSchema,
  type LiveUserHubServerEvents,
  MAX_VISITORS_PER_INSTANCE,
  type SfuAnswerSchema,
  type SfuPublishSchema,
  voiceMessages,
} from "@atrium/domain";
import type { Logger } from "pino";
import type { Socket } from "socket.io";
import type { z } from "zod";
import type { RelationsService } from "../modules/communication/relations.js";
import { type JanusClient, JanusError, type JanusMessage } from "./janus-client.js";
import type { PresenceStore } from "./presence.js";
import type { VoiceVisitor } from "./voice-signalling.js";

// Voice through the Janus SFU (issue 19, JANUS_URL): one VideoRoom room per scene instance, audio
// only; each visitor publishes their microphone once and receives every other voice of the
// instance as a stream of its own (a subscription per speaker), so the viewer places each voice
// with a PannerNode as with peer to peer. The browser never speaks to Janus's API: it sends its
// offer and answers over liveuserhub and this module makes the Janus requests, with the room's
// secret and PIN, which never leave the server. Only visitors who joined the voice chat (the
// communication ACL, checked by JoinVoice) get a publisher; blocked pairs are not subscribed to
// each other. The media (ICE, DTLS-SRTP) goes between the browser and Janus.

const PLUGIN = "janus.plugin.videoroom";
/** VideoRoom's error codes the adapter handles. */
const NO_SUCH_ROOM = 426;
const ROOM_EXISTS = 427;
/** How long a browser may take to answer Janus's offer of a voice. */
const ANSWER_TIMEOUT_MS = 15_000;
/** After a publisher's detach, how often and how long the room's list is read until it is gone. */
const LEAVE_CHECK_MS = 100;
const LEAVE_CHECKS = 30;

export interface JanusRoom {
  id: number;
  secret: string;
  pin: string;
}

/** The room of a scene instance: its numeric id (48 bits of a hash) and its secret and PIN,
 * derived from the server's key so every app instance computes the same. */
export function janusRoomOf(instanceId: string, key: string): JanusRoom {
  const hash = createHash("sha256").update(instanceId).digest("hex");
  const mac = (purpose: string) =>
    createHmac("sha256", key).update(`${purpose}:${instanceId}`).digest("base64url");
  return {
    id: Number.parseInt(hash.slice(0, 12), 16),
    secret: mac("secret"),
    pin: mac("pin").slice(0, 24),
  };
}

interface Subscription {
  visitorId: string;
  feed: number;
  handle: number | null;
  answer: ((sdp: string) => void) | null;
}

interface Participant {
  socket: Socket;
  visitorId: string;
  userId: string;
  instanceId: string;
  room: JanusRoom;
  publisher: number;
  feed: number | null;
  subscriptions: Map<number, Subscription>; // by feed
  closed: boolean;
}

export interface JanusVoice {
  /** Publishes a visitor's microphone in their instance's room; resolves with Janus's answer. */
  publish(socket: Socket, state: VoiceVisitor, offer: string): Promise<string>;
  /** The browser's answer to Janus's offer of one visitor's voice; false when none is waited. */
  answer(socketId: string, visitorId: string, sdp: string): boolean;
  /** Ends a visitor's publishing and subscriptions (left the voice chat, the instance or the
   * hub); the room is destroyed when nobody is left in it. */
  release(socketId: string): Promise<void>;
  /** Creates the instance's room (when missing). */
  ensureRoom(instanceId: string): Promise<JanusRoom>;
  /** Destroys the instance's room (when present). */
  destroyRoom(instanceId: string): Promise<void>;
  /** Who publishes in the instance's room (visitor ids). */
  publishers(instanceId: string): Promise<string[]>;
  close(): Promise<void>;
}

export function createJanusVoice(deps: {
  client: JanusClient;
  presence: PresenceStore;
  relations: RelationsService;
  /** The key the rooms' secrets and PINs are derived from. */
  roomKey: string;
  /** VideoRoom's admin_key, needed to create rooms when Janus is configured with one. */
  adminKey?: string;
  logger?: Logger;
}): JanusVoice {
  const { client, presence, relations, logger } = deps;
  const participants = new Map<string, Participant>(); // socket id -> participant
  let admin: Promise<number> | null = null;

  client.onReset(() => {
    admin = null;
    for (const participant of participants.values()) participant.closed = true;
    participants.clear();
  });

  const room = (instanceId: string) => janusRoomOf(instanceId, deps.roomKey);

  function adminHandle() {
    admin ??= client
      .attach(PLUGIN, () => {})
      .catch((err: unknown) => {
        admin = null;
        throw err;
      });
    return admin;
  }

  async function ensureRoom(instanceId: string) {
    const target = room(instanceId);
    try {
      await client.request(await adminHandle(), {
        request: "create",
        room: target.id,
        permanent: false,
        description: `atrium ${instanceId}`.slice(0, 60),
        secret: target.secret,
        pin: target.pin,
        is_private: true,
        publishers: MAX_VISITORS_PER_INSTANCE,
        audiocodec: "opus",
        ...(deps.adminKey ? { admin_key: deps.adminKey } : {}),
      });
    } catch (err) {
      if (!(err instanceof JanusError && err.code === ROOM_EXISTS)) throw err;
    }
    return target;
  }

  async function destroyRoom(instanceId: string) {
    const target = room(instanceId);
    try {
      await client.request(await adminHandle(), {
        request: "destroy",
        room: target.id,
        secret: target.secret,
        permanent: false,
      });
    } catch (err) {
      if (!(err instanceof JanusError && err.code === NO_SUCH_ROOM)) throw err;
    }
  }

  async function participantsOf(instanceId: string) {
    const target = room(instanceId);
    try {
      const data = await client.request(await adminHandle(), {
        request: "listparticipants",
        room: target.id,
      });
      return (data.participants as { id: number; display?: string; publisher?: boolean }[]) ?? [];
    } catch (err) {
      if (err instanceof JanusError && err.code === NO_SUCH_ROOM) return [];
      throw err;
    }
  }

  function emit<K extends keyof LiveUserHubServerEvents>(
    socket: Socket,
    event: K,
    payload: LiveUserHubServerEvents[K],
  ) {
    socket.emit(event, payload);
  }

  /** Whether `participant` may hear `visitorId`: same instance, and neither blocked the other. */
  async function mayHear(participant: Participant, visitorId: string) {
    const entry = await presence.entry(visitorId);
    if (!entry || entry.instanceId !== participant.instanceId) return false;
    if (entry.visitor.userId === participant.userId) return true;
    const blocked = await relations.blockedAmong(participant.userId, [entry.visitor.userId]);
    return blocked.length === 0;
  }

  async function unsubscribe(participant: Participant, feed: number) {
    const subscription = participant.subscriptions.get(feed);
    if (!subscription) return;
    participant.subscriptions.delete(feed);
    subscription.answer = null;
    if (subscription.handle !== null) await client.detach(subscription.handle);
  }

  /** Subscribes a participant to one voice: Janus offers it, the browser answers (SfuOffer,
   * SfuAnswer), then the stream starts. */
  async function subscribe(participant: Participant, feed: number, visitorId: string) {
    if (participant.closed || participant.subscriptions.has(feed) || feed === participant.feed) {
      return;
    }
    const subscription: Subscription = { visitorId, feed, handle: null, answer: null };
    participant.subscriptions.set(feed, subscription);
    const current = () =>
      !participant.closed && participant.subscriptions.get(feed) === subscription;
    try {
      if (!(await mayHear(participant, visitorId)) || !current()) {
        participant.subscriptions.delete(feed);
        return;
      }
      subscription.handle = await client.attach(PLUGIN, (event) => {
        // Janus hung up this stream (the publisher left): drop it
        if (event.janus === "hangup" || event.plugindata?.data?.left === "ok") {
          void unsubscribe(participant, feed);
        }
      });
      if (!current()) {
        await client.detach(subscription.handle);
        return;
      }
      const joined = await client.message(subscription.handle, {
        request: "join",
        ptype: "subscriber",
        room: participant.room.id,
        pin: participant.room.pin,
        streams: [{ feed }],
      });
      if (!joined.jsep || !current()) throw new JanusError(0, "no offer from Janus");
      const answer = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new JanusError(0, "no answer from the browser")),
          ANSWER_TIMEOUT_MS,
        );
        subscription.answer = (sdp) => {
          clearTimeout(timer);
          resolve(sdp);
        };
      });
      emit(participant.socket, "SfuOffer", {
        instanceId: participant.instanceId,
        visitorId,
        sdp: joined.jsep.sdp,
      });
      const sdp = await answer;
      subscription.answer = null;
      if (!current()) return;
      await client.message(
        subscription.handle,
        { request: "start", room: participant.room.id },
        { type: "answer", sdp, trickle: false },
      );
    } catch (err) {
      logger?.warn({ err, visitorId }, "subscribing to a voice through Janus failed");
      await unsubscribe(participant, feed);
    }
  }

  function onPublisherEvent(participant: Participant, event: JanusMessage) {
    const data = event.plugindata?.data;
    if (!data || participant.closed) return;
    const publishers = data.publishers as { id: number; display?: string }[] | undefined;
    for (const publisher of publishers ?? []) {
      if (publisher.display) void subscribe(participant, publisher.id, publisher.display);
    }
    for (const key of ["unpublished", "leaving"] as const) {
      if (typeof data[key] === "number") void unsubscribe(participant, data[key] as number);
    }
  }

  /** The room's participants once `visitorId`'s detached publisher has left their list: Janus
   * may still list it for a moment after the detach is acknowledged (seen under load). */
  async function participantsAfterLeaving(instanceId: string, visitorId: string) {
    for (let attempt = 1; ; attempt++) {
      const list = await participantsOf(instanceId);
      if (!list.some((one) => one.display === visitorId) || attempt >= LEAVE_CHECKS) return list;
      await new Promise((resolve) => setTimeout(resolve, LEAVE_CHECK_MS));
    }
  }

  /** Ends a participant's publisher and subscriptions; unless it publishes again at once
   * (`republishing`), the last one out of the room destroys it. */
  async function release(socketId: string, republishing = false) {
    const participant = participants.get(socketId);
    if (!participant) return;
    participants.delete(socketId);
    participant.closed = true;
    await Promise.all(
      [...participant.subscriptions.keys()].map((feed) => unsubscribe(participant, feed)),
    );
    await client.detach(participant.publisher);
    // the last one out of the room (on this app instance) destroys it when nobody else is in it
    const stillHere = [...participants.values()].some(
      (other) => other.instanceId === participant.instanceId,
    );
    if (!stillHere && !republishing) {
      try {
        const left = await participantsAfterLeaving(participant.instanceId, participant.visitorId);
        if (left.length === 0) await destroyRoom(participant.instanceId);
      } catch (err) {
        logger?.warn({ err }, "destroying a Janus room failed");
      }
    }
  }

  return {
    async publish(socket, state, offer) {
      const placement = state.placement;
      if (!placement) throw new JanusError(0, "not in an instance");
      await release(socket.id, true);
      const target = room(placement.instanceId);
      const participant: Participant = {
        socket,
        visitorId: state.visitor.visitorId,
        userId: state.visitor.userId,
        instanceId: placement.instanceId,
        room: target,
        publisher: 0,
        feed: null,
        subscriptions: new Map(),
        closed: false,
      };
      participant.publisher = await client.attach(PLUGIN, (event) =>
        onPublisherEvent(participant, event),
      );
      participants.set(socket.id, participant);
      try {
        const join = () =>
          client.message(participant.publisher, {
            request: "join",
            ptype: "publisher",
            room: target.id,
            pin: target.pin,
            display: state.visitor.visitorId,
          });
        let joined: Awaited<ReturnType<typeof join>>;
        try {
          joined = await join();
        } catch (err) {
          if (!(err instanceof JanusError && err.code === NO_SUCH_ROOM)) throw err;
          // the instance's first speaker (or its room went with its last one): create it
          await ensureRoom(placement.instanceId);
          joined = await join();
        }
        participant.feed = typeof joined.data.id === "number" ? joined.data.id : null;
        const published = await client.message(
          participant.publisher,
          { request: "publish", audiocodec: "opus" },
          { type: "offer", sdp: offer, trickle: false },
        );
        if (!published.jsep) throw new JanusError(0, "no answer from Janus");
        // then everyone already publishing in the room
        onPublisherEvent(participant, {
          janus: "event",
          plugindata: { plugin: PLUGIN, data: { publishers: joined.data.publishers } },
        });
        return published.jsep.sdp;
      } catch (err) {
        await release(socket.id);
        throw err;
      }
    },

    answer(socketId, visitorId, sdp) {
      const participant = participants.get(socketId);
      for (const subscription of participant?.subscriptions.values() ?? []) {
        if (subscription.visitorId === visitorId && subscription.answer) {
          subscription.answer(sdp);
          return true;
        }
      }
      return false;
    },

    release,
    ensureRoom,
    destroyRoom,

    async publishers(instanceId) {
      return (await participantsOf(instanceId)).flatMap((participant) =>
        participant.publisher && participant.display ? [participant.display] : [],
      );
    },

    async close() {
      await Promise.all([...participants.keys()].map((socketId) => release(socketId)));
      await client.close();
    },
  };
}

/** The hub's methods of the Janus voice: SfuPublish and SfuAnswer, and JoinVoice and LeaveVoice
 * ending one's Janus publishing first. Without Janus the SFU methods are refused. */
type HubResult = Promise<Record<string, unknown> | HubError>;

export function janusVoiceHandlers(
  sfu: JanusVoice | null,
  base: {
    JoinVoice(
      socket: Socket,
      state: VoiceVisitor,
      payload: z.output<typeof JoinVoiceSchema>,
    ): HubResult;
    LeaveVoice(socket: Socket, state: VoiceVisitor): HubResult;
  },
  logger?: Logger,
) {
  const refused = (code: HubError["code"], method: string, message: string): HubError => ({
    code,
    method,
    message,
  });
  return {
    async JoinVoice(
      socket: Socket,
      state: VoiceVisitor,
      payload: z.output<typeof JoinVoiceSchema>,
    ): HubResult {
      await sfu?.release(socket.id);
      return base.JoinVoice(socket, state, payload);
    },
    async LeaveVoice(socket: Socket, state: VoiceVisitor): HubResult {
      await sfu?.release(socket.id);
      return base.LeaveVoice(socket, state);
    },
    async SfuPublish(
      socket: Socket,
      state: VoiceVisitor,
      { sdp }: z.output<typeof SfuPublishSchema>,
    ): Promise<Record<string, unknown> | HubError> {
      if (!sfu) return refused("not-allowed", "SfuPublish", "The voice chat is peer to peer here");
      // only a visitor who joined the voice chat of their current instance (the ACL said yes)
      const voice = socket.data.voice as { instanceId: string } | undefined;
      if (!state.placement || voice?.instanceId !== state.placement.instanceId) {
        return refused("not-in-instance", "SfuPublish", voiceMessages.notInVoice);
      }
      try {
        return { sdp: await sfu.publish(socket, state, sdp) };
      } catch (err) {
        if (!(err instanceof JanusError)) throw err;
        logger?.warn({ err }, "publishing through Janus failed");
        return refused("bad-message", "SfuPublish", "The voice server refused this connection");
      }
    },
    async SfuAnswer(
      socket: Socket,
      _state: VoiceVisitor,
      { visitorId, sdp }: z.output<typeof SfuAnswerSchema>,
    ): Promise<Record<string, unknown> | HubError> {
      if (!sfu) return refused("not-allowed", "SfuAnswer", "The voice chat is peer to peer here");
      if (!sfu.answer(socket.id, visitorId, sdp)) {
        return refused("not-found", "SfuAnswer", "No offer of this voice is waiting");
      }
      return {};
    },
  };
}
