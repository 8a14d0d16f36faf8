import { describe, expect, it } from "vitest";
import { NotificationSchema } from "./notifications";
import {
  CreateSceneEventSchema,
  EVENT_START_GRACE_MS,
  eventEnd,
  eventMessages,
  eventPhase,
  eventStartIssue,
  UpdateSceneEventSchema,
  visibleEvents,
} from "./space-events";

const now = Date.parse("2026-11-26T18:00:00.000Z");
const at = (offsetMinutes: number) => new Date(now + offsetMinutes * 60_000).toISOString();

describe("event rules", () => {
  it("refuses a start in the past, beyond the grace for 'now'", () => {
    expect(eventStartIssue(at(-10), now)).toEqual({
      path: "startsAt",
      message: eventMessages.past,
    });
    expect(eventStartIssue(new Date(now - EVENT_START_GRACE_MS + 1000).toISOString(), now)).toBe(
      null,
    );
    expect(eventStartIssue(at(60), now)).toBe(null);
    expect(eventStartIssue(at(400 * 24 * 60), now)?.message).toBe(eventMessages.tooFar);
  });

  it("refuses a zero or fractional duration with the field and reason", () => {
    const base = { sceneId: "s1", title: "Opening", startsAt: at(5) };
    const zero = CreateSceneEventSchema.safeParse({ ...base, durationMinutes: 0 });
    expect(zero.success).toBe(false);
    expect(zero.error?.issues[0]).toMatchObject({
      path: ["durationMinutes"],
      message: eventMessages.tooShort,
    });
    expect(CreateSceneEventSchema.safeParse({ ...base, durationMinutes: 1.5 }).success).toBe(false);
    // multipart sends text
    expect(CreateSceneEventSchema.parse({ ...base, durationMinutes: "90" }).durationMinutes).toBe(
      90,
    );
    expect(
      CreateSceneEventSchema.safeParse({ ...base, title: "  ", durationMinutes: 5 }).success,
    ).toBe(false);
  });

  it("reads removeCover from JSON and from a form", () => {
    expect(UpdateSceneEventSchema.parse({ removeCover: "true" }).removeCover).toBe(true);
    expect(UpdateSceneEventSchema.parse({ removeCover: false }).removeCover).toBe(false);
  });

  it("tells upcoming, live, ended and cancelled apart by the clock", () => {
    const event = { startsAt: at(0), endsAt: eventEnd(at(0), 30).toISOString(), cancelled: false };
    expect(eventPhase(event, now - 1)).toBe("upcoming");
    expect(eventPhase(event, now)).toBe("live");
    expect(eventPhase(event, now + 30 * 60_000 - 1)).toBe("live");
    expect(eventPhase(event, now + 30 * 60_000)).toBe("ended");
    expect(eventPhase({ ...event, cancelled: true }, now)).toBe("cancelled");
  });

  it("lists upcoming and live events by start, without ended or cancelled ones", () => {
    const make = (id: string, start: number, minutes: number, cancelled = false) => ({
      id,
      startsAt: at(start),
      endsAt: eventEnd(at(start), minutes).toISOString(),
      cancelled,
    });
    const list = visibleEvents(
      [
        make("later", 60, 30),
        make("ended", -90, 30),
        make("live", -10, 30),
        make("off", 5, 5, true),
      ],
      now,
    );
    expect(list.map((event) => event.id)).toEqual(["live", "later"]);
  });

  it("an eventStarted notification names its space and event", () => {
    const base = {
      id: "n1",
      type: "eventStarted",
      actor: { userId: "u1", name: "Host", profilePicture: null },
      sceneId: "s1",
      sceneTitle: "Gallery",
      commentId: null,
      groupId: null,
      excerpt: "Opening",
      count: 1,
      read: false,
      createdAt: at(0),
    };
    expect(NotificationSchema.safeParse({ ...base, eventId: "e1" }).success).toBe(true);
    expect(NotificationSchema.safeParse(base).success).toBe(false);
    // older notifications (no eventId) still parse
    expect(NotificationSchema.parse({ ...base, type: "like" }).eventId).toBe(null);
  });
});
