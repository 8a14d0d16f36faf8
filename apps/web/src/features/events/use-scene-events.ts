import { type EventMessage, eventPhase, type SceneEvent, visibleEvents } from "@atrium/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { sceneEvents } from "../../api/events";
import type { LiveScene } from "../live/use-live-scene";

export const sceneEventsKey = (sceneId: string) => ["scene-events", sceneId] as const;
export const eventMessagesKey = (eventId: string) => ["event-messages", eventId] as const;

/** The phases change with the clock: the list is looked at again this often. */
const CLOCK_MS = 10_000;
/** And asked again this often (besides SceneEventsChanged pushes). */
const REFRESH_MS = 60_000;

export interface SceneEventsState {
  /** Upcoming and live events, by start. */
  events: SceneEvent[];
  /** The event live now (the earliest started, when several are). */
  live: SceneEvent | null;
  loaded: boolean;
}

/**
 * The space's events for the viewer (issue 19): the list (REST), asked again when the hub says
 * they changed (SceneEventsChanged) and every minute; the live one by the clock; messages of
 * the event chat put into that chat's cached history as they arrive (EventMessage).
 */
export function useSceneEvents(
  sceneId: string,
  live: Pick<LiveScene, "subscribe" | "state">,
  enabled: boolean,
): SceneEventsState {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: sceneEventsKey(sceneId),
    queryFn: () => sceneEvents(sceneId),
    enabled,
    refetchInterval: REFRESH_MS,
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, [enabled]);

  const { subscribe, state } = live;
  useEffect(() => {
    if (!enabled) return;
    const offs = [
      subscribe("SceneEventsChanged", (payload) => {
        if (payload.sceneId === sceneId) {
          void queryClient.invalidateQueries({ queryKey: sceneEventsKey(sceneId) });
        }
      }),
      subscribe("EventMessage", (message) => {
        queryClient.setQueryData<EventMessage[]>(eventMessagesKey(message.eventId), (messages) =>
          messages && !messages.some((m) => m.id === message.id)
            ? [...messages, message]
            : messages,
        );
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [enabled, subscribe, sceneId, queryClient]);
  // what was missed while disconnected: ask again on every (re)connection
  useEffect(() => {
    if (enabled && state === "Connected") {
      void queryClient.invalidateQueries({ queryKey: sceneEventsKey(sceneId) });
    }
  }, [enabled, state, sceneId, queryClient]);

  const events = visibleEvents(list.data ?? [], now);
  return {
    events,
    live: events.find((event) => eventPhase(event, now) === "live") ?? null,
    loaded: list.isSuccess,
  };
}
