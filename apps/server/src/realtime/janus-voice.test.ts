import type { Socket } from "socket.io";
import { describe, expect, it } from "vitest";
import type { RelationsService } from "../modules/communication/relations.js";
import { type JanusClient, JanusError, type JanusJsep } from "./janus-client.js";
import { createJanusVoice } from "./janus-voice.js";
import type { PresenceStore } from "./presence.js";
import type { VoiceVisitor } from "./voice-signalling.js";

/**
 * A VideoRoom in memory. Like Janus under load, it may keep listing a detached publisher for a
 * few reads of `listparticipants` after acknowledging the detach (`lingeringReads`).
 */
function fakeJanus(lingeringReads: number) {
  const rooms = new Map<number, { display: string; handle: number }[]>();
  const handleDisplays = new Map<number, { room: number; display: string }>();
  const lingering = new Map<number, number>(); // handle -> reads left
  const requests: string[] = [];
  let next = 1;
  const listOf = (room: number) => {
    const list = rooms.get(room) ?? [];
    for (const one of [...list]) {
      const left = lingering.get(one.handle);
      if (left === undefined) continue;
      if (left <= 0) {
        list.splice(list.indexOf(one), 1);
        lingering.delete(one.handle);
      } else lingering.set(one.handle, left - 1);
    }
    return list;
  };
  const client: JanusClient = {
    async attach() {
      return next++;
    },
    async detach(handle) {
      if (handleDisplays.has(handle)) lingering.set(handle, lingeringReads);
    },
    async request(_handle, body) {
      requests.push(String(body.request));
      const room = Number(body.room);
      switch (body.request) {
        case "create":
          rooms.set(room, []);
          return {};
        case "destroy":
          rooms.delete(room);
          return {};
        case "listparticipants": {
          if (!rooms.has(room)) throw new JanusError(426, "no such room");
          return {
            participants: listOf(room).map((one) => ({
              id: one.handle,
              display: one.display,
              publisher: true,
            })),
          };
        }
        default:
          return {};
      }
    },
    async message(handle, body, jsep?: JanusJsep) {
      if (body.request === "join") {
        const room = Number(body.room);
        if (!rooms.has(room)) throw new JanusError(426, "no such room");
        rooms.get(room)?.push({ display: String(body.display), handle });
        handleDisplays.set(handle, { room, display: String(body.display) });
        return { data: { id: handle, publishers: [] } };
      }
      return { data: {}, jsep: jsep ? { type: "answer", sdp: "v=0 answer" } : undefined };
    },
    onReset() {
      return () => {};
    },
    async close() {},
  };
  return { client, rooms, requests };
}

const presence = { entry: async () => null } as unknown as PresenceStore;
const relations = { blockedAmong: async () => [] } as unknown as RelationsService;
const socket = (id: string) => ({ id, emit() {} }) as unknown as Socket;
const visitor = (visitorId: string, instanceId: string) =>
  ({
    visitor: { visitorId, userId: `user-${visitorId}` },
    placement: { instanceId, sceneId: "scene" },
  }) as unknown as VoiceVisitor;

describe("the Janus voice's rooms", () => {
  it("destroys the room after its last publisher leaves, even while Janus still lists them for a moment", async () => {
    const janus = fakeJanus(3);
    const voice = createJanusVoice({ client: janus.client, presence, relations, roomKey: "k" });
    expect(await voice.publish(socket("s1"), visitor("v1", "i1"), "v=0 offer")).toMatch(/^v=0/);
    expect(janus.rooms.size).toBe(1);
    await voice.release("s1");
    // before: the first read still listed the publisher, so the room was left behind forever
    expect(janus.rooms.size).toBe(0);
  });

  it("keeps the room while someone else still publishes in it", async () => {
    const janus = fakeJanus(0);
    const voice = createJanusVoice({ client: janus.client, presence, relations, roomKey: "k" });
    await voice.publish(socket("s1"), visitor("v1", "i1"), "v=0 offer");
    await voice.publish(socket("s2"), visitor("v2", "i1"), "v=0 offer");
    await voice.release("s1");
    expect(janus.rooms.size).toBe(1);
    expect(await voice.publishers("i1")).toEqual(["v2"]);
    await voice.release("s2");
    expect(janus.rooms.size).toBe(0);
  });

  it("publishing again replaces the publisher without destroying and re-creating the room", async () => {
    const janus = fakeJanus(0);
    const voice = createJanusVoice({ client: janus.client, presence, relations, roomKey: "k" });
    await voice.publish(socket("s1"), visitor("v1", "i1"), "v=0 offer");
    await voice.publish(socket("s1"), visitor("v1", "i1"), "v=0 offer");
    expect(janus.requests.filter((request) => request === "create")).toHaveLength(1);
    expect(janus.requests).not.toContain("destroy");
    expect(await voice.publishers("i1")).toEqual(["v1"]);
  });
});
