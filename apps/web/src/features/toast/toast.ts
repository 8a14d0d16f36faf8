import type { NotificationData } from "@mantine/notifications";

// Toasts are rare, so their code and container load on the first one, not with the page.
type Listener = () => void;
const listeners = new Set<Listener>();
let hostNeeded = false;

export function isToastHostNeeded() {
  return hostNeeded;
}

export function onToastHostNeeded(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a toast (Mantine notification); spec 2 §9.1: 3000 ms by default, info and warning 4000 ms. */
export function showToast(data: NotificationData) {
  if (!hostNeeded) {
    hostNeeded = true;
    for (const listener of listeners) listener();
  }
  void import("@mantine/notifications").then(({ notifications }) =>
    notifications.show({ autoClose: 3000, ...data }),
  );
}
