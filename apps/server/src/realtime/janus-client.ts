import { randomUUID } from "node:crypto";
import type { Logger } from "pino";

// A small client of the Janus WebRTC server's JSON API (https://janus.conf.meetecho.com/docs/rest)
// over its HTTP transport: one Janus session per app instance, kept alive by a long poll that
// also brings the events; plugin handles are attached on it. Requests carry the API secret
// (Janus's api_secret) when one is configured. Janus's own janus.js is not used: the server
// speaks the few messages it needs.

export interface JanusJsep {
  type: "offer" | "answer";
  sdp: string;
  trickle?: boolean;
}

export interface JanusMessage {
  janus: string;
  session_id?: number;
  sender?: number;
  transaction?: string;
  data?: { id?: number };
  plugindata?: { plugin: string; data: Record<string, unknown> };
  jsep?: JanusJsep;
  error?: { code: number; reason: string };
}

/** Janus refused a request: a core error (e.g. 458 no such session) or a plugin's error_code
 * (VideoRoom: 426 no such room, 427 room exists, 433 unauthorized). */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`Janus: ${message} (${code})`);
    this.name = "JanusError";
  }
}

export const JANUS_NO_SUCH_SESSION = 458;
export const JANUS_NO_SUCH_HANDLE = 459;

/** How long Janus may take to answer a request (an async one: until its event). */
const REQUEST_TIMEOUT_MS = 15_000;

export interface JanusClient {
  /** Attaches a plugin handle; `onEvent` gets the handle's events that answer no request. */
  attach(plugin: string, onEvent: (event: JanusMessage) => void): Promise<number>;
  detach(handle: number): Promise<void>;
  /** A plugin request answered at once (VideoRoom create, destroy, listparticipants...). */
  request(handle: number, body: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** A plugin request answered by a later event (join, publish, start...), with its JSEP. */
  message(
    handle: number,
    body: Record<string, unknown>,
    jsep?: JanusJsep,
  ): Promise<{ data: Record<string, unknown>; jsep?: JanusJsep }>;
  /** Called when the Janus session was lost (Janus restarted): every handle is gone. */
  onReset(listener: () => void): () => void;
  close(): Promise<void>;
}

function pluginError(data: Record<string, unknown> | undefined) {
  if (data && typeof data.error_code === "number") {
    return new JanusError(data.error_code, String(data.error ?? "plugin error"));
  }
  return null;
}

export function createJanusClient(options: {
  url: string;
  apiSecret?: string;
  logger?: Logger;
  fetch?: typeof fetch;
}): JanusClient {
  const base = options.url.replace(/\/$/, "");
  const doFetch = options.fetch ?? fetch;
  let session: Promise<number> | null = null;
  let closed = false;
  const poller = new AbortController();
  const waiting = new Map<string, (event: JanusMessage) => void>(); // transaction -> its event
  const handles = new Map<number, (event: JanusMessage) => void>();
  const resetListeners = new Set<() => void>();

  function secret(body: Record<string, unknown>) {
    return options.apiSecret ? { ...body, apisecret: options.apiSecret } : body;
  }

  async function post(path: string, body: Record<string, unknown>): Promise<JanusMessage> {
    const response = await doFetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(secret(body)),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new JanusError(response.status, `HTTP ${response.status}`);
    const message = (await response.json()) as JanusMessage;
    if (message.janus === "error") {
      throw new JanusError(message.error?.code ?? 0, message.error?.reason ?? "error");
    }
    return message;
  }

  function lost() {
    session = null;
    waiting.clear();
    handles.clear();
    for (const listener of resetListeners) listener();
  }

  function dispatch(event: JanusMessage) {
    const resolve = event.transaction ? waiting.get(event.transaction) : undefined;
    if (resolve && event.janus !== "ack") {
      waiting.delete(event.transaction as string);
      resolve(event);
      return;
    }
    if (event.sender !== undefined) handles.get(event.sender)?.(event);
  }

  async function poll(id: number) {
    let failures = 0;
    while (!closed) {
      try {
        const query = new URLSearchParams({ maxev: "10", rid: String(Date.now()) });
        if (options.apiSecret) query.set("apisecret", options.apiSecret);
        const response = await doFetch(`${base}/${id}?${query}`, { signal: poller.signal });
        const body = (await response.json()) as JanusMessage | JanusMessage[];
        failures = 0;
        for (const event of Array.isArray(body) ? body : [body]) {
          if (event.janus === "error" && event.error?.code === JANUS_NO_SUCH_SESSION) {
            options.logger?.warn("the Janus session was lost; a new one is made on demand");
            lost();
            return;
          }
          dispatch(event);
        }
      } catch (err) {
        if (closed) return;
        failures++;
        options.logger?.warn({ err }, "Janus long poll failed");
        if (failures >= 3) {
          lost();
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  function sessionId() {
    if (closed) return Promise.reject(new Error("the Janus client is closed"));
    session ??= (async () => {
      const created = await post("", { janus: "create", transaction: randomUUID() });
      const id = created.data?.id;
      if (typeof id !== "number") throw new JanusError(0, "no session id");
      void poll(id);
      return id;
    })().catch((err: unknown) => {
      session = null;
      throw err;
    });
    return session;
  }

  /** Posts to a handle; when Janus acknowledges, waits for the event of that transaction. */
  async function toHandle(handle: number, body: Record<string, unknown>) {
    const id = await sessionId();
    const transaction = randomUUID();
    const event = new Promise<JanusMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(transaction);
        reject(new JanusError(0, `no answer to ${JSON.stringify(body.body ?? body.janus)}`));
      }, REQUEST_TIMEOUT_MS);
      waiting.set(transaction, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
    event.catch(() => {}); // awaited below only when Janus acknowledges
    let answer: JanusMessage;
    try {
      answer = await post(`/${id}/${handle}`, { ...body, transaction });
    } catch (err) {
      waiting.delete(transaction);
      if (err instanceof JanusError && err.code === JANUS_NO_SUCH_SESSION) lost();
      throw err;
    }
    if (answer.janus !== "ack") {
      waiting.delete(transaction);
      return answer;
    }
    return event;
  }

  return {
    async attach(plugin, onEvent) {
      const id = await sessionId();
      const attached = await post(`/${id}`, {
        janus: "attach",
        plugin,
        transaction: randomUUID(),
      });
      const handle = attached.data?.id;
      if (typeof handle !== "number") throw new JanusError(0, "no handle id");
      handles.set(handle, onEvent);
      return handle;
    },

    async detach(handle) {
      if (!handles.delete(handle) || !session) return;
      const id = await session;
      await post(`/${id}/${handle}`, { janus: "detach", transaction: randomUUID() }).catch(
        () => {},
      );
    },

    async request(handle, body) {
      const answer = await toHandle(handle, { janus: "message", body });
      const data = answer.plugindata?.data;
      const error = pluginError(data);
      if (error) throw error;
      if (!data) throw new JanusError(0, `unexpected answer ${answer.janus}`);
      return data;
    },

    async message(handle, body, jsep) {
      const answer = await toHandle(handle, { janus: "message", body, ...(jsep ? { jsep } : {}) });
      const data = answer.plugindata?.data;
      const error = pluginError(data);
      if (error) throw error;
      if (!data) throw new JanusError(0, `unexpected answer ${answer.janus}`);
      return answer.jsep ? { data, jsep: answer.jsep } : { data };
    },

    onReset(listener) {
      resetListeners.add(listener);
      return () => resetListeners.delete(listener);
    },

    async close() {
      if (closed) return;
      const current = session;
      closed = true;
      poller.abort();
      if (current) {
        const id = await current.catch(() => null);
        if (id !== null) {
          await post(`/${id}`, { janus: "destroy", transaction: randomUUID() }).catch(() => {});
        }
      }
      waiting.clear();
      handles.clear();
    },
  };
}
