import {
  type HubError,
  type IceServer,
  type JoinVoiceSchema,
  type LiveUserHubServerEvents,
  relationMessages,
  type SendVoiceSignalSchema,
  type SetVoiceStateSchema,
  VOICE_SIGNAL_BURST,
  VOICE_SIGNALS_PER_SECOND,
  voiceMessages,
} from "@atrium/domain";
import type { Namespace, Socket } from "socket.io";
import type { z } from "zod";
import { AppError } from "../errors.js";
import type { RelationsService } from "../modules/communication/relations.js";
import type { ScenesService } from "../modules/scenes/service.js";
import type { HubIdentity } from "./hub-token.js";
import type { Placement, PresenceStore } from "./presence.js";

/** What the voice handlers need of a liveuserhub connection's state. */
export interface VoiceVisitor {
  identity: HubIdentity;
  visitor: { visitorId: string; userId: string };
  placement: Placement | null;
  /** The space's owner muted this visitor for everyone (moderation.ts): no voice at all. */
  mutedByOwner: boolean;
}

interface VoiceMember {
  /** The instance in which this connection joined the voice chat (a new JoinScene ends it). */
  instanceId: string;
  muted: boolean;
  /** Token bucket of signalling messages: VOICE_SIGNAL_BURST, refilled VOICE_SIGNALS_PER_SECOND. */
  tokens: number;
  refilledAt: number;
}

const instanceRoom = (instanceId: string) => `inst:${instanceId}`;

/**
 * Voice (issue 19), the server's part: it only relays WebRTC signalling between visitors of the
 * same scene instance; the audio goes peer to peer. It checks the space's communication ACL
 * (who may speak) on JoinVoice, refuses peers of other instances and blocked pairs, and limits
 * signalling per connection. Malformed messages never reach it: the hub's dispatcher answers
 * them with a HubError (`bad-message`).
 */
export function createVoiceSignalling(deps: {
  nsp: Namespace;
  presence: PresenceStore;
  scenes: ScenesService;
  relations: RelationsService;
  /** ICE_SERVERS, and with TURN_SECRET a fresh TURN credential naming this visitor. */
  iceServersFor(state: VoiceVisitor): IceServer[];
  hubAuthOf(identity: HubIdentity): Parameters<ScenesService["communicationAccess"]>[0];
  now?: () => number;
}) {
  const { nsp, presence, scenes, relations } = deps;
  const now = deps.now ?? (() => Date.now());
  const members = new Map<string, VoiceMember>(); // socket id -> voice membership

  function emit<K extends keyof LiveUserHubServerEvents>(
    target: { emit(event: string, payload: unknown): unknown },
    event: K,
    payload: LiveUserHubServerEvents[K],
  ) {
    target.emit(event, payload);
  }
  const refused = (code: HubError["code"], method: string, message: string): HubError => ({
    code,
    method,
    message,
  });

  /** The member's entry while it is in voice in its current instance, else null. */
  function memberOf(socket: Socket, state: VoiceVisitor) {
    const member = members.get(socket.id);
    if (!member || member.instanceId !== state.placement?.instanceId) return null;
    return member;
  }

  /** VOICE_SIGNALS_PER_SECOND signalling messages per connection, in bursts of VOICE_SIGNAL_BURST. */
  function overRate(member: VoiceMember) {
    const at = now();
    member.tokens = Math.min(
      VOICE_SIGNAL_BURST,
      member.tokens + ((at - member.refilledAt) / 1000) * VOICE_SIGNALS_PER_SECOND,
    );
    member.refilledAt = at;
    if (member.tokens < 1) return true;
    member.tokens -= 1;
    return false;
  }

  /** Whether the other visitor is in the same instance and neither blocked the other. */
  async function reachable(state: VoiceVisitor, method: string, visitorId: string) {
    const placement = state.placement;
    if (!placement) return refused("not-in-instance", method, voiceMessages.notInVoice);
    if (visitorId === state.visitor.visitorId) {
      return refused("not-allowed", method, voiceMessages.self);
    }
    const target = await presence.entry(visitorId);
    if (!target || target.instanceId !== placement.instanceId) {
      return refused("not-allowed", method, voiceMessages.otherInstance);
    }
    if (target.visitor.userId !== state.visitor.userId) {
      const blocked = await relations.blockedAmong(state.visitor.userId, [target.visitor.userId]);
      if (blocked.length > 0) return refused("not-allowed", method, voiceMessages.blocked);
    }
    return null;
  }

  const handlers = {
    async JoinVoice(
      socket: Socket,
      state: VoiceVisitor,
      { muted }: z.output<typeof JoinVoiceSchema>,
    ): Promise<Record<string, unknown> | HubError> {
      const placement = state.placement;
      if (!placement) return refused("not-in-instance", "JoinVoice", "Join a space first");
      let allowed = false;
      try {
        allowed = (
          await scenes.communicationAccess(deps.hubAuthOf(state.identity), placement.sceneId)
        ).allowed;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
      if (!allowed) return refused("not-allowed", "JoinVoice", voiceMessages.disabled);
      if (state.mutedByOwner) {
        return refused("not-allowed", "JoinVoice", relationMessages.mutedByOwner);
      }
      const existing = members.get(socket.id);
      members.set(socket.id, {
        instanceId: placement.instanceId,
        muted,
        tokens: existing?.tokens ?? VOICE_SIGNAL_BURST,
        refilledAt: existing?.refilledAt ?? now(),
      });
      if (!existing) socket.once("disconnect", () => members.delete(socket.id));
      socket.data.voice = { instanceId: placement.instanceId, muted };
      // who is in this instance's voice chat already, on every app instance (the adapter asks them)
      const sockets = await nsp.in(instanceRoom(placement.instanceId)).fetchSockets();
      const inVoice = sockets.flatMap((other) => {
        const voice = other.data.voice as { instanceId: string; muted: boolean } | undefined;
        return other.id !== socket.id && voice?.instanceId === placement.instanceId
          ? [{ visitorId: other.id, muted: voice.muted }]
          : [];
      });
      emit(socket.to(instanceRoom(placement.instanceId)), "VoiceState", {
        instanceId: placement.instanceId,
        visitorId: state.visitor.visitorId,
        inVoice: true,
        muted,
      });
      return { iceServers: deps.iceServersFor(state), members: inVoice };
    },

    async LeaveVoice(
      socket: Socket,
      state: VoiceVisitor,
    ): Promise<Record<string, unknown> | HubError> {
      const member = memberOf(socket, state);
      members.delete(socket.id);
      socket.data.voice = undefined;
      if (member) {
        emit(socket.to(instanceRoom(member.instanceId)), "VoiceState", {
          instanceId: member.instanceId,
          visitorId: state.visitor.visitorId,
          inVoice: false,
          muted: true,
        });
      }
      return {};
    },

    async SetVoiceState(
      socket: Socket,
      state: VoiceVisitor,
      { muted }: z.output<typeof SetVoiceStateSchema>,
    ): Promise<Record<string, unknown> | HubError> {
      const member = memberOf(socket, state);
      if (!member) return refused("not-in-instance", "SetVoiceState", voiceMessages.notInVoice);
      if (overRate(member)) return refused("rate-limited", "SetVoiceState", "Too many messages");
      member.muted = muted;
      socket.data.voice = { instanceId: member.instanceId, muted };
      emit(socket.to(instanceRoom(member.instanceId)), "VoiceState", {
        instanceId: member.instanceId,
        visitorId: state.visitor.visitorId,
        inVoice: true,
        muted,
      });
      return {};
    },

    async SendVoiceSignal(
      socket: Socket,
      state: VoiceVisitor,
      { to, signal }: z.output<typeof SendVoiceSignalSchema>,
    ): Promise<Record<string, unknown> | HubError> {
      const member = memberOf(socket, state);
      if (!member) return refused("not-in-instance", "SendVoiceSignal", voiceMessages.notInVoice);
      if (state.mutedByOwner) {
        return refused("not-allowed", "SendVoiceSignal", relationMessages.mutedByOwner);
      }
      if (overRate(member)) {
        return refused("rate-limited", "SendVoiceSignal", "Too many signalling messages");
      }
      const refusal = await reachable(state, "SendVoiceSignal", to);
      if (refusal) return refusal;
      // to that one connection, on whichever app instance holds it
      emit(nsp.to(to), "VoiceSignal", {
        instanceId: member.instanceId,
        from: state.visitor.visitorId,
        signal,
      });
      return {};
    },
  };
  return {
    handlers,
    /** Puts a connection of this app instance out of the voice chat (muted by the space's
     * owner): the instance is told, so the others close their audio connections with it. */
    leave(socketId: string) {
      const member = members.get(socketId);
      members.delete(socketId);
      const socket = nsp.sockets.get(socketId);
      if (socket) socket.data.voice = undefined;
      if (member && socket) {
        emit(socket.to(instanceRoom(member.instanceId)), "VoiceState", {
          instanceId: member.instanceId,
          visitorId: socketId,
          inVoice: false,
          muted: true,
        });
      }
    },
  };
}
