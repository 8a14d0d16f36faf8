import { useSyncExternalStore } from "react";

// What the rest of the viewer knows of the voice chat (the visitor menu's volume slider): who is
// in it here and each visitor's chosen volume. Small on purpose: the voice chat itself is loaded
// only when the visitor joins it.

interface Snapshot {
  joined: boolean;
  /** Visitor ids in the voice chat of this instance. */
  members: ReadonlySet<string>;
  volumes: ReadonlyMap<string, number>;
}

let snapshot: Snapshot = { joined: false, members: new Set(), volumes: new Map() };
const listeners = new Set<() => void>();

function set(next: Partial<Snapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

export const voiceSession = {
  get: () => snapshot,
  setJoined(joined: boolean, members: ReadonlySet<string> = new Set()) {
    set({ joined, members });
  },
  setVolume(visitorId: string, volume: number) {
    const volumes = new Map(snapshot.volumes);
    volumes.set(visitorId, volume);
    set({ volumes });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useVoiceSession() {
  return useSyncExternalStore(voiceSession.subscribe, voiceSession.get, voiceSession.get);
}
