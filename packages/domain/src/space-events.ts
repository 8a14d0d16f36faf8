import { z } from "zod";
import { IdSchema, PersonSummarySchema, TimestampSchema, UriSchema } from "./entities/common";

// Events (issue 19, spec 2 §2.2: the viewer's events sidebar and the chat's event tab): the
// owner of a space schedules gatherings in it (title, description, start, duration, cover);
// visitors see the upcoming and live ones, a live event has a chat of its own, and the
// creator's followers are told when it starts. REST at
// /api/communicationInteractionService/sceneevent, the chat on liveuserhub.

export const EVENT_TITLE_MAX = 100;
export const EVENT_DESCRIPTION_MAX = 2000;
/** An event lasts at least a minute and at most a day. */
export const EVENT_DURATION_MIN_MINUTES = 1;
export const EVENT_DURATION_MAX_MINUTES = 24 * 60;
/** A start this close before the server's clock still counts as now (the form's "now" travels). */
export const EVENT_START_GRACE_MS = 2 * 60_000;
/** An event may be scheduled at most this far ahead. */
export const EVENT_AHEAD_MAX_DAYS = 366;
/** A space holds at most this many upcoming or live events. */
export const EVENTS_PER_SPACE_MAX = 50;
/** An event's chat: the same limits as the public chat (CHAT_TEXT_MAX in realtime.ts). */
export const EVENT_CHAT_TEXT_MAX = 500;
export const EVENT_CHAT_PAGE_MAX = 100;
/** How often the server looks for events that started, to tell the followers (server.ts). */
export const EVENT_START_CHECK_MS = 15_000;

export const eventMessages = {
  past: "must not be in the past",
  tooFar: `must be within ${EVENT_AHEAD_MAX_DAYS} days`,
  tooShort: `must be at least ${EVENT_DURATION_MIN_MINUTES} minute`,
  tooLong: `must be at most ${EVENT_DURATION_MAX_MINUTES} minutes`,
  notOwner: "Only the space's owner can schedule its events",
  over: "This event is over",
  cancelled: "This event was cancelled",
  notLive: "The event's chat opens when the event starts",
  notInSpace: "Join the event's space before chatting",
  tooMany: `A space can have at most ${EVENTS_PER_SPACE_MAX} upcoming events`,
  notImage: "The file is not an image we can read",
} as const;

/** Where an event is in its life, by the clock. */
export const EVENT_PHASES = ["upcoming", "live", "ended", "cancelled"] as const;
export type EventPhase = (typeof EVENT_PHASES)[number];

export const SceneEventSchema = z.object({
  eventId: IdSchema,
  sceneId: IdSchema,
  sceneTitle: z.string(),
  title: z.string().min(1).max(EVENT_TITLE_MAX),
  description: z.string().max(EVENT_DESCRIPTION_MAX),
  startsAt: TimestampSchema,
  durationMinutes: z.number().int().min(EVENT_DURATION_MIN_MINUTES),
  endsAt: TimestampSchema,
  coverPicture: UriSchema.nullable(),
  cancelled: z.boolean(),
  /** The space's owner, who hosts it. */
  host: PersonSummarySchema,
  createdAt: TimestampSchema,
});
export type SceneEvent = z.infer<typeof SceneEventSchema>;

const title = z.string().trim().min(1, "must not be empty").max(EVENT_TITLE_MAX);
const description = z.string().trim().max(EVENT_DESCRIPTION_MAX);
// multipart forms send numbers as text
const durationMinutes = z.coerce
  .number()
  .int("must be a whole number of minutes")
  .min(EVENT_DURATION_MIN_MINUTES, eventMessages.tooShort)
  .max(EVENT_DURATION_MAX_MINUTES, eventMessages.tooLong);

/** POST sceneevent (JSON, or multipart with the image in `cover`). */
export const CreateSceneEventSchema = z.object({
  sceneId: IdSchema,
  title,
  description: description.default(""),
  startsAt: TimestampSchema,
  durationMinutes,
});
export type CreateSceneEvent = z.infer<typeof CreateSceneEventSchema>;

/** PATCH sceneevent/{id}: what changes; `removeCover` drops the cover. */
export const UpdateSceneEventSchema = z.object({
  title: title.optional(),
  description: description.optional(),
  startsAt: TimestampSchema.optional(),
  durationMinutes: durationMinutes.optional(),
  removeCover: z
    .union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")])
    .optional(),
});
export type UpdateSceneEvent = z.infer<typeof UpdateSceneEventSchema>;

/** The end of an event that starts at `startsAt` (ISO) and lasts `durationMinutes`. */
export function eventEnd(startsAt: string, durationMinutes: number): Date {
  return new Date(Date.parse(startsAt) + durationMinutes * 60_000);
}

/** Where the event is at `now` (ms). */
export function eventPhase(
  event: Pick<SceneEvent, "startsAt" | "endsAt" | "cancelled">,
  now: number,
): EventPhase {
  if (event.cancelled) return "cancelled";
  if (now < Date.parse(event.startsAt)) return "upcoming";
  return now < Date.parse(event.endsAt) ? "live" : "ended";
}

/**
 * The start's problem, if any, at `now` (ms): in the past (beyond EVENT_START_GRACE_MS), or more
 * than EVENT_AHEAD_MAX_DAYS ahead. The answer names the field (`startsAt`) and the reason.
 */
export function eventStartIssue(
  startsAt: string,
  now: number,
): { path: "startsAt"; message: string } | null {
  const at = Date.parse(startsAt);
  if (at < now - EVENT_START_GRACE_MS) return { path: "startsAt", message: eventMessages.past };
  if (at > now + EVENT_AHEAD_MAX_DAYS * 86_400_000) {
    return { path: "startsAt", message: eventMessages.tooFar };
  }
  return null;
}

/** Upcoming and live events first by start; for the sidebar (ended and cancelled left out). */
export function visibleEvents<E extends Pick<SceneEvent, "startsAt" | "endsAt" | "cancelled">>(
  events: E[],
  now: number,
): E[] {
  return events
    .filter((event) => {
      const phase = eventPhase(event, now);
      return phase === "upcoming" || phase === "live";
    })
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

// --- the event's chat (liveuserhub, protocol version 1) ---

/** Send a message to a live event's chat: the sender must be in the event's space. */
export const SendEventMessageSchema = z.object({
  eventId: IdSchema,
  text: z.string().trim().min(1).max(EVENT_CHAT_TEXT_MAX),
});
export const EventMessageSchema = z.object({
  id: IdSchema,
  eventId: IdSchema,
  text: z.string().min(1).max(EVENT_CHAT_TEXT_MAX),
  time: TimestampSchema,
  user: z.object({
    userId: IdSchema,
    name: z.string(),
    profilePicture: UriSchema.nullable(),
  }),
});
export type EventMessage = z.infer<typeof EventMessageSchema>;

/** GET sceneevent/{id}/messages: the latest messages, oldest first. */
export const EventMessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(EVENT_CHAT_PAGE_MAX).default(EVENT_CHAT_PAGE_MAX),
});
