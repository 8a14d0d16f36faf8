import {
  HUB_NAMESPACES,
  HUB_PROTOCOL_VERSION,
  HUB_SOCKET_PATH,
  type HubAck,
  type HubName,
  liveUserHubServerV1,
} from "@atrium/domain";
import { io, type Socket } from "socket.io-client";

// Real Socket.IO clients for the hub tests: connect, record every event (checked against the
// domain's schemas, as the web does), wait for one, call a method and read its answer.

export interface HubClient {
  socket: Socket;
  events: { name: string; payload: unknown }[];
  waitFor<T = Record<string, unknown>>(
    name: string,
    predicate?: (payload: T) => boolean,
    timeoutMs?: number,
  ): Promise<T>;
  call(method: string, payload?: unknown): Promise<HubAck>;
  close(): void;
}

export function hubClient(baseUrl: string, token: string, hub: HubName = "liveuserhub") {
  const socket = io(`${baseUrl}${HUB_NAMESPACES[hub]}`, {
    path: HUB_SOCKET_PATH,
    auth: { token, v: HUB_PROTOCOL_VERSION },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  const events: { name: string; payload: unknown }[] = [];
  const waiters = new Set<() => void>();
  socket.onAny((name: string, payload: unknown) => {
    const schema = liveUserHubServerV1[name as keyof typeof liveUserHubServerV1];
    if (hub === "liveuserhub") {
      if (!schema) throw new Error(`unknown server event ${name}`);
      schema.parse(payload);
    }
    events.push({ name, payload });
    for (const wake of waiters) wake();
  });
  const client: HubClient = {
    socket,
    events,
    waitFor(name, predicate = () => true, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < events.length; seen++) {
            const event = events[seen];
            if (event?.name === name && predicate(event.payload as never)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(event.payload as never);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${name} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    call(method, payload = {}) {
      return socket.timeout(5_000).emitWithAck(method, payload) as Promise<HubAck>;
    },
    close() {
      socket.disconnect();
    },
  };
  return client;
}

/** Connects, or rejects with the connect error (its `data` holds the status). */
export function connected(client: HubClient) {
  return new Promise<HubClient>((resolve, reject) => {
    if (client.socket.connected) return resolve(client);
    client.socket.once("connect", () => resolve(client));
    client.socket.once("connect_error", reject);
  });
}
