import {
  directMessageGroupHubClientV1,
  HUB_MESSAGE_MAX_BYTES,
  type HubAck,
  type HubError,
} from "@atrium/domain";
import type { Logger } from "pino";
import type { Namespace } from "socket.io";
import { AppError } from "../errors.js";
import type { DmService } from "../modules/communication/dm-service.js";
import type { HubIdentity } from "./hub-token.js";
import { hubAuthOf } from "./live-user-hub.js";

const MESSAGES_PER_10_SECONDS = 30;
export const userRoom = (userId: string) => `user:${userId}`;

/**
 * directmessagegrouphub: each signed-in connection listens in its user's room; a message sent
 * here is stored (the same rules as the REST call: members only) and pushed to every member.
 */
export function attachDmHub(nsp: Namespace, deps: { dms: DmService; logger: Logger }) {
  const { dms, logger } = deps;
  dms.setPublisher({
    newGroup(memberIds, group) {
      nsp.to(memberIds.map(userRoom)).emit("NewDirectMessageGroup", group);
    },
    newMessage(memberIds, message) {
      nsp.to(memberIds.map(userRoom)).emit("NewDirectMessageGroupMessage", message);
    },
  });

  nsp.on("connection", (socket) => {
    const identity = socket.data.identity as HubIdentity;
    if (!identity.guest) void socket.join(userRoom(identity.userId));
    let sent: number[] = [];
    socket.onAny((event: unknown, ...args: unknown[]) => {
      const ack = typeof args.at(-1) === "function" ? (args.pop() as (a: HubAck) => void) : null;
      const method = typeof event === "string" ? event.slice(0, 100) : "?";
      const fail = (code: HubError["code"], message: string) => {
        const error = { code, method, message };
        socket.emit("HubError", error);
        ack?.({ ok: false, error });
      };
      const now = Date.now();
      sent = sent.filter((time) => now - time < 10_000);
      if (sent.length >= MESSAGES_PER_10_SECONDS) return fail("rate-limited", "Too many messages");
      sent.push(now);
      let size: number;
      try {
        size = Buffer.byteLength(JSON.stringify(args[0] ?? null) ?? "");
      } catch {
        size = Number.POSITIVE_INFINITY;
      }
      if (size > HUB_MESSAGE_MAX_BYTES * 2 || args.length > 1) {
        return fail("too-large", `A message may hold ${HUB_MESSAGE_MAX_BYTES * 2} bytes`);
      }
      if (method !== "SendDirectMessageGroupMessage")
        return fail("unknown-method", "Unknown method");
      const parsed = directMessageGroupHubClientV1.SendDirectMessageGroupMessage.safeParse(args[0]);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return fail("bad-message", `${issue?.path.join(".") || "payload"}: ${issue?.message}`);
      }
      dms
        .send(hubAuthOf(identity), parsed.data.groupId, parsed.data.text)
        .then((message) => ack?.({ ok: true, id: message.id }))
        .catch((err: unknown) => {
          if (err instanceof AppError && err.status === 404)
            return fail("not-found", "No such group");
          if (err instanceof AppError && err.status < 500) {
            return fail("not-allowed", err.message);
          }
          logger.error({ err }, "direct message failed");
          fail("bad-message", "The server could not handle this message");
        });
    });
  });
}
