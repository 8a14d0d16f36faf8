import type { HubAck, HubError } from "@atrium/domain";
import type { Namespace } from "socket.io";
import type { NotificationsService } from "../modules/notifications/service.js";
import { userRoom } from "./dm-hub.js";
import type { HubIdentity } from "./hub-token.js";

/** A client sends nothing here; what it sends anyway is answered with at most this many errors a second. */
const ERRORS_PER_SECOND = 1;

/**
 * notificationhub: each signed-in connection listens in its user's room; the server's events
 * are the spec's notification kinds (Notification here; Wallet and Subscription from their
 * own modules). Emitting to the room through the namespace reaches every app instance (the
 * Redis adapter), so every open tab of the recipient hears it. Clients have no methods here:
 * anything they send is dropped with an `unknown-method` HubError (a flood gets one a second).
 */
export function attachNotificationHub(
  nsp: Namespace,
  deps: { notifications: NotificationsService },
) {
  deps.notifications.setPublisher({
    publish(recipientId, event) {
      nsp.to(userRoom(recipientId)).emit("Notification", event);
    },
  });
  nsp.on("connection", (socket) => {
    const identity = socket.data.identity as HubIdentity;
    if (!identity.guest) void socket.join(userRoom(identity.userId));
    let window = 0;
    let errors = 0;
    socket.onAny((event: unknown, ...args: unknown[]) => {
      const ack = typeof args.at(-1) === "function" ? (args.pop() as (a: HubAck) => void) : null;
      const now = Math.floor(Date.now() / 1000);
      if (now !== window) {
        window = now;
        errors = 0;
      }
      if (++errors > ERRORS_PER_SECOND) return;
      const method = typeof event === "string" ? event.slice(0, 100) : "?";
      const error: HubError = { code: "unknown-method", method, message: "Unknown method" };
      socket.emit("HubError", error);
      ack?.({ ok: false, error });
    });
  });
}
