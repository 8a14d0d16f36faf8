import {
  type AvatarState,
  type ConnectionState,
  type HubAck,
  HubAckSchema,
  type LiveUserHubServerEvents,
  type LiveVisitor,
  liveUserHubServerV1,
  type PublicMessage,
} from "@atrium/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Socket } from "socket.io-client";
import { connectHub } from "./hub-connection";

export interface LiveScene {
  state: ConnectionState;
  myVisitorId: string | null;
  instanceId: string | null;
  canChat: boolean;
  /** The space's owner locked the chat (only they may write). */
  chatLocked: boolean;
  /** The space's owner muted this visitor for everyone (no chat, no voice). */
  mutedByOwner: boolean;
  /** The user ids of this instance's visitors whom the owner muted for everyone. */
  mutedUserIds: ReadonlySet<string>;
  /** The voice chat's engine in this instance: peer to peer, or the Janus SFU. */
  voiceEngine: "p2p" | "janus";
  visitors: LiveVisitor[];
  countInScene: number;
  messages: PublicMessage[];
  sendMessage(text: string): Promise<HubAck>;
  sendTransform(state: AvatarState): void;
  /** Greets another visitor of this instance (they alone are told). */
  greet(visitorId: string): Promise<HubAck>;
  /** Set when the space's owner removed this visitor from its instance (the hub is left). */
  removed: { instanceId: string; until: string } | null;
  /** Calls a liveuserhub method (the acknowledgement, or a refusal when not connected). */
  call(method: string, payload: unknown): Promise<HubAck>;
  /** Listens to a server event (checked against the domain's schema); returns the unsubscribe. */
  subscribe<K extends keyof LiveUserHubServerEvents>(
    event: K,
    handle: (payload: LiveUserHubServerEvents[K]) => void,
  ): () => void;
  /** Remote avatars' latest states, by visitor, with when they arrived. */
  transforms: React.RefObject<Map<string, { state: AvatarState; at: number }>>;
}

const MESSAGES_KEPT = 200;

/**
 * The visitor's place in a space's live instance (liveuserhub): joins on every (re)connect,
 * keeps the instance's visitors, counts and public chat; every event is checked against the
 * domain's schema and dropped when it does not match.
 */
export function useLiveScene(
  sceneId: string,
  enabled: boolean,
  signedIn: boolean,
  events: { onGreeted?: (greeting: LiveUserHubServerEvents["Greeted"]) => void } = {},
): LiveScene {
  const eventsRef = useRef(events);
  eventsRef.current = events;
  const [removed, setRemoved] = useState<LiveScene["removed"]>(null);
  const [state, setState] = useState<ConnectionState>("Disconnected");
  const [myVisitorId, setMyVisitorId] = useState<string | null>(null);
  const [instanceId, setInstanceId] = useState<string | null>(null);
  const [canChat, setCanChat] = useState(false);
  const [chatLocked, setChatLocked] = useState(false);
  const [mutedByOwner, setMutedByOwner] = useState(false);
  const [mutedUserIds, setMutedUserIds] = useState<ReadonlySet<string>>(() => new Set());
  const myUserId = useRef<string | null>(null);
  const [voiceEngine, setVoiceEngine] = useState<LiveScene["voiceEngine"]>("p2p");
  const [visitors, setVisitors] = useState<LiveVisitor[]>([]);
  const [countInScene, setCountInScene] = useState(0);
  const [messages, setMessages] = useState<PublicMessage[]>([]);
  const socketRef = useRef<Socket | null>(null);
  const transforms = useRef(new Map<string, { state: AvatarState; at: number }>());
  const listeners = useRef(new Map<string, Set<(payload: never) => void>>());

  useEffect(() => {
    if (!enabled) return;
    const socket = connectHub({
      hub: "liveuserhub",
      sceneId: signedIn ? undefined : sceneId,
      onState: setState,
    });
    socketRef.current = socket;
    const on = <K extends keyof LiveUserHubServerEvents>(
      event: K,
      handle: (payload: LiveUserHubServerEvents[K]) => void,
    ) => {
      socket.on(event as string, (payload: unknown) => {
        const parsed = liveUserHubServerV1[event].safeParse(payload);
        if (parsed.success) handle(parsed.data as LiveUserHubServerEvents[K]);
      });
    };
    // events other features listen to (subscribe), such as the voice chat's signalling
    socket.onAny((event: string, payload: unknown) => {
      const handlers = listeners.current.get(event);
      if (!handlers?.size) return;
      const schema = liveUserHubServerV1[event as keyof LiveUserHubServerEvents];
      const parsed = schema?.safeParse(payload);
      if (!parsed?.success) return;
      for (const handle of handlers) handle(parsed.data as never);
    });
    socket.on("connect", () => {
      socket.emit("JoinScene", { sceneId });
    });
    on("MyUserId", (payload) => {
      myUserId.current = payload.userId;
      setMyVisitorId(payload.visitorId);
    });
    on("ChatLock", (payload) => setChatLocked(payload.locked));
    on("SpaceMute", (payload) => {
      if (payload.userId === myUserId.current) setMutedByOwner(payload.muted);
      setMutedUserIds((ids) => {
        if (ids.has(payload.userId) === payload.muted) return ids;
        const next = new Set(ids);
        if (payload.muted) next.add(payload.userId);
        else next.delete(payload.userId);
        return next;
      });
    });
    on("EnteredInstance", (payload) => {
      setInstanceId(payload.instanceId);
      setCanChat(payload.canChat);
      setChatLocked(payload.chatLocked);
      setMutedByOwner(payload.mutedByOwner);
      setMutedUserIds(new Set(payload.mutedUserIds));
      setVoiceEngine(payload.voice);
      setVisitors(payload.visitors);
      transforms.current.clear();
    });
    on("LiveVisitorsInMySceneInstance", (payload) => setVisitors(payload.visitors));
    on("JoinedGroup", (payload) =>
      setVisitors((list) => [
        ...list.filter((v) => v.visitorId !== payload.visitor.visitorId),
        payload.visitor,
      ]),
    );
    on("LeftGroup", (payload) => {
      transforms.current.delete(payload.visitorId);
      setVisitors((list) => list.filter((v) => v.visitorId !== payload.visitorId));
    });
    on("ExitedInstance", () => {
      setInstanceId(null);
      setVisitors([]);
    });
    on("LiveVisitorCountInMyScene", (payload) => setCountInScene(payload.count));
    on("PublicMessage", (payload) =>
      setMessages((list) => [...list, payload].slice(-MESSAGES_KEPT)),
    );
    on("Greeted", (payload) => eventsRef.current.onGreeted?.(payload));
    on("RemovedFromInstance", (payload) => {
      // the server cuts the connection; do not come back to this instance by reconnecting
      setRemoved({ instanceId: payload.instanceId, until: payload.until });
      socket.disconnect();
      setVisitors([]);
      setInstanceId(null);
    });
    on("Transforms", (payload) => {
      const at = performance.now();
      for (const { visitorId, ...rest } of payload.states) {
        transforms.current.set(visitorId, { state: rest, at });
      }
    });
    return () => {
      socket.disconnect();
      socketRef.current = null;
      setState("Disconnected");
      setVisitors([]);
      setInstanceId(null);
    };
  }, [sceneId, enabled, signedIn]);

  const call = useCallback(async (method: string, payload: unknown): Promise<HubAck> => {
    const socket = socketRef.current;
    if (!socket?.connected) {
      return {
        ok: false,
        error: { code: "not-in-instance", method, message: "Not connected" },
      };
    }
    const ack = await socket
      .timeout(5000)
      .emitWithAck(method, payload)
      .catch(() => null);
    const parsed = HubAckSchema.safeParse(ack);
    return parsed.success
      ? parsed.data
      : { ok: false, error: { code: "bad-message", method, message: "No answer" } };
  }, []);
  const sendMessage = useCallback((text: string) => call("SendPublicMessage", { text }), [call]);
  const greet = useCallback((visitorId: string) => call("Greet", { visitorId }), [call]);

  const subscribe = useCallback(
    <K extends keyof LiveUserHubServerEvents>(
      event: K,
      handle: (payload: LiveUserHubServerEvents[K]) => void,
    ) => {
      let handlers = listeners.current.get(event);
      if (!handlers) {
        handlers = new Set();
        listeners.current.set(event, handlers);
      }
      const entry = handle as (payload: never) => void;
      handlers.add(entry);
      return () => {
        handlers?.delete(entry);
      };
    },
    [],
  );

  const sendTransform = useCallback((avatar: AvatarState) => {
    socketRef.current?.volatile.emit("SendTransform", avatar);
  }, []);

  return {
    state,
    myVisitorId,
    instanceId,
    canChat,
    chatLocked,
    mutedByOwner,
    mutedUserIds,
    voiceEngine,
    visitors,
    countInScene,
    messages,
    sendMessage,
    sendTransform,
    greet,
    removed,
    call,
    subscribe,
    transforms,
  };
}
