// The realtime bench's baseline: a bare `ws` server that relays the same batched ticks as the
// liveuserhub and nothing else (no authentication, validation, rate limits, presence or
// Socket.IO framing). A client connects to `/?i=INSTANCE`, sends its avatar state as JSON, and
// every tick receives `{ instanceId, states: [{ visitorId, ...state }] }` with the states of its
// instance that changed since the last tick (the latest one per visitor), like Atrium's
// `Transforms`. Started by bench/benches/realtime.ts as a process of its own; prints its port.

import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { TRANSFORM_TICK_HZ } from "@atrium/domain";
import { type WebSocket, WebSocketServer } from "ws";

interface Instance {
  members: Set<WebSocket>;
  pending: Map<string, unknown>;
}
const instances = new Map<string, Instance>();

const server = createServer((request, response) => {
  response.writeHead(request.url === "/health" ? 200 : 404).end();
});
const wss = new WebSocketServer({ server });
wss.on("connection", (socket, request) => {
  const instanceId = new URL(request.url ?? "/", "http://relay").searchParams.get("i") ?? "0";
  const visitorId = randomBytes(15).toString("base64url"); // as long as a Socket.IO id
  let instance = instances.get(instanceId);
  if (!instance) {
    instance = { members: new Set(), pending: new Map() };
    instances.set(instanceId, instance);
  }
  const own = instance;
  own.members.add(socket);
  socket.on("message", (data) => {
    try {
      own.pending.set(visitorId, JSON.parse(String(data)));
    } catch {
      // not JSON: dropped
    }
  });
  socket.on("close", () => {
    own.members.delete(socket);
    own.pending.delete(visitorId);
  });
});

setInterval(() => {
  for (const [instanceId, instance] of instances) {
    if (instance.pending.size === 0) continue;
    const states = [...instance.pending].map(([visitorId, state]) => ({
      visitorId,
      ...(state as object),
    }));
    instance.pending.clear();
    const message = JSON.stringify({ instanceId, states });
    for (const member of instance.members) member.send(message);
  }
}, 1000 / TRANSFORM_TICK_HZ);

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1");
