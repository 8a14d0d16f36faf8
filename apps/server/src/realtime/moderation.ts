import { createHash } from "node:crypto";
import {
  GUEST_SPACE_MUTE_MS,
  type LiveUserHubServerEvents,
  type ModerationLogEntry,
  relationMessages,
  type SpaceModeration,
} from "@atrium/domain";
import type { Namespace } from "socket.io";
import { BadRequestError, ForbiddenError, NotFoundError } from "../errors.js";
import { type AuthContext, assertSignedIn } from "../http/auth.js";
import type { ModerationStore } from "../modules/communication/moderation-store.js";
import type { ScenesService } from "../modules/scenes/service.js";
import type { HubIdentity } from "./hub-token.js";
import type { Placement, PresenceStore } from "./presence.js";

/** What moderation reads and sets on a liveuserhub connection's state. */
export interface ModeratedVisitor {
  identity: HubIdentity;
  visitor: { visitorId: string; userId: string };
  /** A guest's hashed address (guests get a new id on every visit); null for users. */
  addressKey: string | null;
  placement: Placement | null;
  /** Whether this visitor owns the space they are in (may write in a locked chat). */
  isOwner: boolean;
  chatLocked: boolean;
  mutedByOwner: boolean;
}

/** A change every app instance applies to its own connections (Socket.IO server-side event). */
type Change =
  | { kind: "mute"; sceneId: string; userId: string; addressKey: string | null; muted: boolean }
  | { kind: "chatLock"; sceneId: string; locked: boolean };

const SERVER_EVENT = "atrium:moderation";
const sceneRoom = (sceneId: string) => `scene:${sceneId}`;

/** The address a guest connects from, as a key that does not keep the address itself. */
export function addressKeyOf(
  handshake: { address: string; headers: Record<string, string | string[] | undefined> },
  trustProxy: boolean,
) {
  const forwarded = handshake.headers["x-forwarded-for"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  const address = trustProxy && first ? first : handshake.address;
  return `addr:${createHash("sha256").update(address).digest("hex").slice(0, 32)}`;
}

/**
 * The space owner's moderation (issue 19, spec 1 §6), the live part: mute a visitor for everyone
 * (their public chat is refused and they are put out of the voice chat, and so on their next
 * connection: the mute is in PostgreSQL), lock the chat (only the owner writes), and the log of
 * every action. A change is applied by every app instance to its own connections (a Socket.IO
 * server-side event through the Redis adapter) and told to the space's visitors.
 */
export function createModeration(deps: {
  nsp: Namespace;
  presence: PresenceStore;
  scenes: ScenesService;
  store: ModerationStore;
  /** This app instance's connections, by socket id. */
  local: ReadonlyMap<string, ModeratedVisitor>;
  /** Puts a connection out of the voice chat (the others close their audio connections). */
  leaveVoice(socketId: string): void;
  /** Whether other app instances share the hubs (the Redis adapter): they are told of changes. */
  shared: boolean;
  now?: () => number;
}) {
  const { nsp, presence, scenes, store, local } = deps;
  const now = deps.now ?? (() => Date.now());

  function emit<K extends keyof LiveUserHubServerEvents>(
    target: { emit(event: string, payload: unknown): unknown },
    event: K,
    payload: LiveUserHubServerEvents[K],
  ) {
    target.emit(event, payload);
  }

  /** Applies a change to this app instance's connections in that space. */
  function apply(change: Change) {
    for (const [socketId, state] of local) {
      if (state.placement?.sceneId !== change.sceneId) continue;
      if (change.kind === "chatLock") {
        state.chatLocked = change.locked;
        continue;
      }
      const sameUser = state.visitor.userId === change.userId;
      const sameGuest = change.addressKey !== null && state.addressKey === change.addressKey;
      if (!sameUser && !sameGuest) continue;
      state.mutedByOwner = change.muted;
      if (change.muted) deps.leaveVoice(socketId);
      if (!sameUser) {
        // another guest id from the same address: told under its own id
        const socket = nsp.sockets.get(socketId);
        if (socket) {
          emit(socket, "SpaceMute", {
            sceneId: change.sceneId,
            userId: state.visitor.userId,
            muted: change.muted,
          });
        }
      }
    }
  }
  nsp.on(SERVER_EVENT, (change: Change) => apply(change));
  function publish(change: Change) {
    apply(change);
    if (deps.shared) nsp.serverSideEmit(SERVER_EVENT, change);
  }

  async function ownerOf(auth: AuthContext | null, sceneId: string) {
    const me = assertSignedIn(auth);
    const scene = await scenes.viewable(auth, sceneId);
    if (scene.owner_id !== me.userId) throw new ForbiddenError(relationMessages.notOwnerModerate);
    return me;
  }

  return {
    /** What a visitor joining the space is told, and what the hub enforces for them. */
    async joinState(sceneId: string, state: ModeratedVisitor, ownerId: string) {
      const found = await store.joinState(sceneId, {
        userId: state.visitor.userId,
        addressKey: state.addressKey,
      });
      state.isOwner = !state.identity.guest && ownerId === state.visitor.userId;
      state.chatLocked = found.chatLocked;
      state.mutedByOwner = found.muted;
      // a guest muted by their address, back under a new guest id: the mute now names that id,
      // and those in the space are told (the owner's menu, the badge, Unmute go by user id)
      if (found.muted && state.identity.guest && state.addressKey) {
        const moved = await store.adoptGuestMute(sceneId, {
          userId: state.visitor.userId,
          addressKey: state.addressKey,
          name: state.identity.name,
        });
        if (moved) {
          emit(nsp.to(sceneRoom(sceneId)), "SpaceMute", {
            sceneId,
            userId: state.visitor.userId,
            muted: true,
          });
        }
      }
      return found;
    },

    mutedAmong: (sceneId: string, userIds: string[]) => store.mutedAmong(sceneId, userIds),

    /** The refusal of a public message, if any: muted, or the chat is locked. */
    chatRefusal(state: ModeratedVisitor): string | null {
      if (state.mutedByOwner) return relationMessages.mutedByOwner;
      if (state.chatLocked && !state.isOwner) return relationMessages.chatLocked;
      return null;
    },

    /** The owner mutes a visitor (one connection; their user, or a guest's address) for everyone. */
    async mute(auth: AuthContext | null, sceneId: string, visitorId: string) {
      const me = await ownerOf(auth, sceneId);
      const target = await presence.entry(visitorId);
      if (!target || target.sceneId !== sceneId) throw new NotFoundError(relationMessages.notHere);
      if (target.visitor.userId === me.userId) {
        throw new BadRequestError(relationMessages.self, [
          { path: "body.visitorId", message: "is you" },
        ]);
      }
      const [remote] = await nsp.in(visitorId).fetchSockets();
      const guest = target.visitor.guest;
      const addressKey = guest ? ((remote?.data.addressKey as string | undefined) ?? null) : null;
      const subject = {
        userId: target.visitor.userId,
        addressKey,
        name: target.visitor.name,
        guest,
      };
      await store.mute(
        sceneId,
        subject,
        me.userId,
        guest ? new Date(now() + GUEST_SPACE_MUTE_MS) : null,
      );
      await store.log({
        sceneId,
        actorId: me.userId,
        action: "mute",
        target: subject,
        instanceId: target.instanceId,
      });
      publish({ kind: "mute", sceneId, userId: subject.userId, addressKey, muted: true });
      emit(nsp.to(sceneRoom(sceneId)), "SpaceMute", {
        sceneId,
        userId: subject.userId,
        muted: true,
      });
      return store.state(sceneId);
    },

    /** The owner lifts a mute (by the muted user's id, as the mute list gives it). */
    async unmute(auth: AuthContext | null, sceneId: string, userId: string) {
      const me = await ownerOf(auth, sceneId);
      const lifted = await store.unmute(sceneId, userId);
      if (!lifted) throw new NotFoundError("This visitor is not muted");
      await store.log({
        sceneId,
        actorId: me.userId,
        action: "unmute",
        target: lifted,
        instanceId: null,
      });
      publish({ kind: "mute", sceneId, userId, addressKey: lifted.addressKey, muted: false });
      emit(nsp.to(sceneRoom(sceneId)), "SpaceMute", { sceneId, userId, muted: false });
      return store.state(sceneId);
    },

    async setChatLock(auth: AuthContext | null, sceneId: string, locked: boolean) {
      const me = await ownerOf(auth, sceneId);
      if (await store.setChatLock(sceneId, locked, me.userId)) {
        await store.log({
          sceneId,
          actorId: me.userId,
          action: locked ? "lockChat" : "unlockChat",
          target: null,
          instanceId: null,
        });
        publish({ kind: "chatLock", sceneId, locked });
        emit(nsp.to(sceneRoom(sceneId)), "ChatLock", { sceneId, locked });
      }
      return store.state(sceneId);
    },

    async state(auth: AuthContext | null, sceneId: string): Promise<SpaceModeration> {
      await ownerOf(auth, sceneId);
      return store.state(sceneId);
    },

    async log(
      auth: AuthContext | null,
      sceneId: string,
      page: { cp: number; ipp: number },
    ): Promise<ModerationLogEntry[]> {
      await ownerOf(auth, sceneId);
      return store.logPage(sceneId, page.cp, page.ipp);
    },

    /** A removal by the owner, for the log. */
    logRemoval: (entry: {
      sceneId: string;
      actorId: string;
      target: { userId: string; name: string; guest: boolean };
      instanceId: string;
    }) => store.log({ ...entry, action: "remove" }),
  };
}

export type Moderation = ReturnType<typeof createModeration>;
