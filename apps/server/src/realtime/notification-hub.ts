import type { Namespace } from "socket.io";
import type { NotificationsService } from "../modules/notifications/service.js";
import { userRoom } from "./dm-hub.js";
import type { HubIdentity } from "./hub-token.js";

/**
 * notificationhub: each signed-in connection listens in its user's room; the server's events
 * are the spec's notification kinds (Notification here; Wallet and Subscription from their
 * own modules). Emitting to the room through the namespace reaches every app instance (the
 * Redis adapter), so every open tab of the recipient hears it. Clients send nothing here.
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
  });
}
