import {
  type ConnectionState,
  HUB_CONNECT_FAILURE_LOG,
  HUB_CONNECT_RETRIES,
  HUB_NAMESPACES,
  HUB_PROTOCOL_VERSION,
  HUB_SOCKET_PATH,
  HubKeySchema,
  type HubName,
} from "@atrium/domain";
import { io, type Socket } from "socket.io-client";

const KEY_URL = "/api/communicationInteractionService/key";

export interface HubConnectionOptions {
  hub: HubName;
  /** For signed-out visitors: the public space a guest key is asked for. */
  sceneId?: string;
  onState: (state: ConnectionState) => void;
  /** Where the final failure is reported (the console by default). */
  log?: (message: string) => void;
  /** For tests: how a socket is made and how HTTP is called. */
  connect?: typeof io;
  fetch?: typeof fetch;
  retryDelayMs?: number;
}

export class HubUnauthorized extends Error {}

/**
 * One hub connection with the spec's rules (2 §8, §9.1): the key is fetched before every
 * connect; a 401 stops silently; any other failure probes the key endpoint (HEAD with
 * access_token) and retries, up to 3 times, then logs 'Unable to connect to WS in hub';
 * once connected, a dropped connection reconnects by itself. States: Connecting, Connected,
 * Reconnecting, Disconnected.
 */
export function connectHub(options: HubConnectionOptions): Socket {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const log = options.log ?? ((message: string) => console.error(message));
  const retryDelay = options.retryDelayMs ?? 1000;
  let lastToken: string | null = null;
  let failures = 0;
  let stopped = false;
  let everConnected = false;

  async function key(): Promise<string> {
    const url = new URL(KEY_URL, location.origin);
    if (options.sceneId) url.searchParams.set("sceneId", options.sceneId);
    const response = await doFetch(url, { credentials: "same-origin", cache: "no-store" });
    if (response.status === 401) throw new HubUnauthorized("401");
    if (!response.ok) throw new Error(`key: ${response.status}`);
    const parsed = HubKeySchema.parse(await response.json());
    lastToken = parsed.accessToken;
    return parsed.accessToken;
  }

  const socket = (options.connect ?? io)(HUB_NAMESPACES[options.hub], {
    path: HUB_SOCKET_PATH,
    autoConnect: false,
    reconnection: true,
    reconnectionAttempts: HUB_CONNECT_RETRIES,
    reconnectionDelay: retryDelay,
    transports: ["websocket", "polling"],
    auth: (cb) => {
      key()
        .then((token) => cb({ token, v: HUB_PROTOCOL_VERSION }))
        .catch((err: unknown) => {
          if (err instanceof HubUnauthorized) stopSilently();
          // an empty token fails the handshake, which counts as one failure
          cb({ token: "", v: HUB_PROTOCOL_VERSION });
        });
    },
  });

  function stopSilently() {
    stopped = true;
    socket.disconnect();
    options.onState("Disconnected");
  }

  function giveUp() {
    stopped = true;
    socket.disconnect();
    log(HUB_CONNECT_FAILURE_LOG);
    options.onState("Disconnected");
  }

  socket.on("connect", () => {
    failures = 0;
    everConnected = true;
    options.onState("Connected");
  });
  socket.on("disconnect", (reason) => {
    if (stopped || reason === "io client disconnect") {
      options.onState("Disconnected");
      return;
    }
    options.onState(socket.active ? "Reconnecting" : "Disconnected");
    // the server closed the socket (a restart): connect again with a fresh key
    if (!socket.active) setTimeout(() => !stopped && socket.connect(), retryDelay);
  });
  socket.on("connect_error", (err: Error & { data?: { status?: number } }) => {
    if (stopped) return;
    if (err.data?.status === 401) {
      stopSilently();
      return;
    }
    // the probe tells a bad key from a hub that cannot be reached; either way, try again
    // (the next attempt fetches a fresh key)
    void probe().then(() => retry());
  });

  socket.io.on("reconnect_failed", () => {
    if (!stopped) giveUp();
  });

  async function probe(): Promise<boolean> {
    if (!lastToken) return false;
    try {
      const url = new URL(KEY_URL, location.origin);
      url.searchParams.set("access_token", lastToken);
      const response = await doFetch(url, { method: "HEAD", cache: "no-store" });
      return response.ok;
    } catch {
      return false;
    }
  }

  function retry() {
    if (stopped) return;
    failures += 1;
    if (failures > HUB_CONNECT_RETRIES) return giveUp();
    options.onState(everConnected ? "Reconnecting" : "Connecting");
    // a handshake refusal leaves the socket inactive: connect again ourselves; a transport
    // failure is retried by Socket.IO's manager
    if (!socket.active) setTimeout(() => !stopped && socket.connect(), retryDelay);
  }

  options.onState("Connecting");
  socket.connect();
  return socket;
}
