import type { ConnectionState } from "@atrium/domain";
import type { Socket } from "socket.io-client";
import { connectHub } from "./hub-connection";

// One notificationhub connection per tab, shared by whoever listens to it (the bell's
// notifications, the billing pushes): the first to acquire it connects, the last to release
// it disconnects. Each holder removes its own event handlers before releasing.

interface Shared {
  socket: Socket;
  holders: number;
  state: ConnectionState;
  watchers: Set<(state: ConnectionState) => void>;
}

let shared: Shared | null = null;

export interface NotificationHubLease {
  socket: Socket;
  release(): void;
}

export function acquireNotificationHub(
  onState?: (state: ConnectionState) => void,
  connect: typeof connectHub = connectHub,
): NotificationHubLease {
  if (!shared) {
    // the connection may report its first state while it is being made
    const entry = { holders: 0, state: "Connecting", watchers: new Set() } as Omit<
      Shared,
      "socket"
    > &
      Partial<Shared>;
    entry.socket = connect({
      hub: "notificationhub",
      onState: (state) => {
        entry.state = state;
        for (const watch of entry.watchers) watch(state);
      },
    });
    shared = entry as Shared;
  }
  const entry = shared;
  entry.holders++;
  if (onState) {
    entry.watchers.add(onState);
    onState(entry.state);
  }
  let released = false;
  return {
    socket: entry.socket,
    release() {
      if (released) return;
      released = true;
      if (onState) entry.watchers.delete(onState);
      entry.holders--;
      if (entry.holders === 0) {
        entry.socket.disconnect();
        if (shared === entry) shared = null;
      }
    },
  };
}
