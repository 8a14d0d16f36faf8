import { randomUUID } from "node:crypto";
import {
  type CreateSceneEvent,
  EVENT_CHAT_PAGE_MAX,
  EVENTS_PER_SPACE_MAX,
  type EventMessage,
  eventEnd,
  eventMessages,
  eventPhase,
  eventStartIssue,
  type SceneEvent,
  type UpdateSceneEvent,
} from "@atrium/domain";
import type { Logger } from "pino";
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from "../../errors.js";
import { type AuthContext, assertSignedIn } from "../../http/auth.js";
import { type FilesService, fileUrl } from "../files/service.js";
import type { NotificationsService } from "../notifications/service.js";
import type { EventMessageRow, EventsRepo, EventValues, SceneEventRow } from "./repo.js";

// Events (issue 19): the owner of a space schedules, changes and cancels its events; whoever
// may visit the space sees them and, while one is live, chats in it (realtime/event-chat.ts);
// a job tells the host's followers when an event starts, once across all app instances.

/** What the events need of the spaces module: the space when the caller may visit it. */
export interface EventSceneGate {
  viewable(auth: AuthContext | null, sceneId: string): Promise<{ owner_id: string }>;
}

/** Where the sidebars are told that a space's events changed (liveuserhub), once it exists. */
export interface EventsPublisher {
  eventsChanged(sceneId: string): void;
}

/** An uploaded cover, stored by the caller's file store; answers the file id. */
export type StoreCover = (ownerId: string, data: Buffer) => Promise<string>;

/** Covers are stored as images (checked by content, re-encoded, with thumbnails). */
export function coverStore(files: Pick<FilesService, "storeImage">): StoreCover {
  return async (ownerId, data) => {
    try {
      const stored = await files.storeImage({
        ownerId,
        purpose: "event-cover",
        data,
        maxWidth: 2400,
        maxHeight: 2400,
      });
      return stored.id;
    } catch {
      throw new BadRequestError(`body.cover: ${eventMessages.notImage}`, [
        { path: "body.cover", message: eventMessages.notImage },
      ]);
    }
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function toSceneEvent(row: SceneEventRow): SceneEvent {
  const startsAt = iso(row.starts_at);
  return {
    eventId: row.id,
    sceneId: row.scene_id,
    sceneTitle: row.scene_title,
    title: row.title,
    description: row.description,
    startsAt,
    durationMinutes: Number(row.duration_minutes),
    endsAt: eventEnd(startsAt, Number(row.duration_minutes)).toISOString(),
    coverPicture: row.cover_file_id ? fileUrl(row.cover_file_id) : null,
    cancelled: row.cancelled_at !== null,
    host: {
      userId: row.owner_id,
      name: row.owner_name,
      profilePicture: row.owner_picture ? fileUrl(row.owner_picture) : null,
    },
    createdAt: iso(row.created_at),
  };
}

export function toEventMessage(row: EventMessageRow): EventMessage {
  return {
    id: row.id,
    eventId: row.event_id,
    text: row.body,
    time: iso(row.created_at),
    user: { userId: row.author_id, name: row.author_name, profilePicture: row.author_picture },
  };
}

function startProblem(startsAt: string, now: number) {
  const issue = eventStartIssue(startsAt, now);
  if (!issue) return;
  const path = `body.${issue.path}`;
  throw new BadRequestError(`${path}: ${issue.message}`, [{ path, message: issue.message }]);
}

/** Events claimed per run of the start job. */
const START_BATCH = 50;

export function createEventsService(deps: {
  repo: EventsRepo;
  scenes: EventSceneGate;
  notifications: Pick<NotificationsService, "eventStarted">;
  storeCover: StoreCover;
  logger: Logger;
  now?: () => number;
}) {
  const { repo, scenes, notifications, logger } = deps;
  const now = deps.now ?? (() => Date.now());
  let publisher: EventsPublisher | null = null;

  /** The event when the caller may visit its space; 404 when there is none. */
  async function readable(auth: AuthContext | null, eventId: string) {
    const row = await repo.byId(eventId);
    if (!row) throw new NotFoundError();
    await scenes.viewable(auth, row.scene_id);
    return row;
  }

  /** The caller owns the space (signed in first, then the space visible to them, then theirs). */
  async function assertOwner(auth: AuthContext | null, sceneId: string) {
    const me = assertSignedIn(auth);
    const scene = await scenes.viewable(auth, sceneId);
    if (scene.owner_id !== me.userId) throw new ForbiddenError(eventMessages.notOwner);
    return me;
  }

  const changed = (sceneId: string) => publisher?.eventsChanged(sceneId);

  return {
    setPublisher(next: EventsPublisher) {
      publisher = next;
    },

    /** The space's upcoming and live events, by start. */
    async listForScene(auth: AuthContext | null, sceneId: string): Promise<SceneEvent[]> {
      await scenes.viewable(auth, sceneId);
      return (await repo.current(sceneId, new Date(now()))).map(toSceneEvent);
    },

    /** One event, also when over or cancelled (its shared link says so). */
    async get(auth: AuthContext | null, eventId: string): Promise<SceneEvent> {
      return toSceneEvent(await readable(auth, eventId));
    },

    async create(
      auth: AuthContext | null,
      input: CreateSceneEvent,
      cover: Buffer | null,
    ): Promise<SceneEvent> {
      const me = await assertOwner(auth, input.sceneId);
      startProblem(input.startsAt, now());
      const current = await repo.current(input.sceneId, new Date(now()));
      if (current.length >= EVENTS_PER_SPACE_MAX) throw new ConflictError(eventMessages.tooMany);
      const id = randomUUID();
      await repo.add(id, input.sceneId, {
        title: input.title,
        description: input.description,
        startsAt: new Date(input.startsAt).toISOString(),
        durationMinutes: input.durationMinutes,
        coverFileId: cover ? await deps.storeCover(me.userId, cover) : null,
      });
      changed(input.sceneId);
      return toSceneEvent((await repo.byId(id)) as SceneEventRow);
    },

    /** Changes an event not over nor cancelled; a new start is checked like a first one. */
    async update(
      auth: AuthContext | null,
      eventId: string,
      patch: UpdateSceneEvent,
      cover: Buffer | null,
    ): Promise<SceneEvent> {
      const row = await readable(auth, eventId);
      const me = await assertOwner(auth, row.scene_id);
      const event = toSceneEvent(row);
      const phase = eventPhase(event, now());
      if (phase === "cancelled") throw new ConflictError(eventMessages.cancelled);
      if (phase === "ended") throw new ConflictError(eventMessages.over);
      const startsAt = patch.startsAt ? new Date(patch.startsAt).toISOString() : event.startsAt;
      const startChanged = startsAt !== event.startsAt;
      if (startChanged) startProblem(startsAt, now());
      const values: EventValues = {
        title: patch.title ?? event.title,
        description: patch.description ?? event.description,
        startsAt,
        durationMinutes: patch.durationMinutes ?? event.durationMinutes,
        coverFileId: cover
          ? await deps.storeCover(me.userId, cover)
          : patch.removeCover
            ? null
            : row.cover_file_id,
      };
      await repo.update(eventId, values, startChanged);
      changed(row.scene_id);
      return toSceneEvent((await repo.byId(eventId)) as SceneEventRow);
    },

    /** Cancels an event (kept, marked cancelled; cancelling again changes nothing). */
    async cancel(auth: AuthContext | null, eventId: string): Promise<SceneEvent> {
      const row = await readable(auth, eventId);
      await assertOwner(auth, row.scene_id);
      await repo.cancel(eventId);
      changed(row.scene_id);
      return toSceneEvent((await repo.byId(eventId)) as SceneEventRow);
    },

    /** The latest messages of an event's chat, oldest first. */
    async messages(auth: AuthContext | null, eventId: string, limit = EVENT_CHAT_PAGE_MAX) {
      await readable(auth, eventId);
      return (await repo.messages(eventId, limit)).map(toEventMessage);
    },

    /** For the hub: the event, whoever asks (the hub checked the space already). */
    async byId(eventId: string) {
      const row = await repo.byId(eventId);
      return row ? toSceneEvent(row) : null;
    },

    /** For the hub: stores a chat message of a live event. */
    async addMessage(
      eventId: string,
      author: { userId: string; name: string; profilePicture: string | null },
      text: string,
    ): Promise<EventMessage> {
      const message: EventMessage = {
        id: randomUUID(),
        eventId,
        text,
        time: new Date(now()).toISOString(),
        user: author,
      };
      await repo.addMessage({
        id: message.id,
        event_id: eventId,
        author_id: author.userId,
        author_name: author.name,
        author_picture: author.profilePicture,
        body: text,
        created_at: message.time,
      });
      return message;
    },

    /**
     * The start job (server.ts, every EVENT_START_CHECK_MS on every app instance): claims the
     * events that started and tells their hosts' followers. Each event is claimed by exactly one
     * instance (repo.claimStarted); an event that is already over when claimed (the servers were
     * down all along) tells nobody. Answers the events told.
     */
    async notifyStarted(): Promise<string[]> {
      const at = now();
      const told: string[] = [];
      for (const row of await repo.claimStarted(new Date(at), START_BATCH)) {
        const event = toSceneEvent(row);
        if (eventPhase(event, at) !== "live") continue;
        const followers = await repo.followersOf(row.owner_id);
        await notifications.eventStarted(
          { hostId: row.owner_id, eventId: row.id, sceneId: row.scene_id, title: row.title },
          followers,
        );
        told.push(row.id);
      }
      if (told.length) logger.info({ events: told }, "event start told to followers");
      return told;
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
