import { describe, expect, it } from "vitest";
import {
  JoinVoiceSchema,
  liveUserHubClientV1,
  liveUserHubServerV1,
  SendVoiceSignalSchema,
  VOICE_DECLINE_BACKOFF_MAX_MS,
  VOICE_DECLINE_BACKOFF_MS,
  VOICE_MAX_PEERS,
  VOICE_MEMBERS_SETTLE_MAX_MS,
  VOICE_MEMBERS_SETTLE_MS,
  VOICE_POLITE_WAIT_MS,
  VoiceSignalSchema,
} from "../realtime";
import {
  acceptVoiceOffer,
  keepOwnVoiceOffer,
  planVoiceConnections,
  recordVoiceDecline,
  selectVoicePeers,
  voiceMembersSettleDelay,
  voiceOfferDelay,
} from "./voice-peers";

const at = (visitorId: string, x: number) => ({ visitorId, position: [x, 0, 0] as const });
const me = { visitorId: "me", position: [0, 0, 0] as const };
// a fixed layout of 25 visitors in a 30 m square
const square = (count: number) => {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: count }, (_, i) => ({
    visitorId: `v${String(i).padStart(2, "0")}`,
    position: [random() * 30, 0, random() * 30] as const,
  }));
};

describe("voice peers: the nearest six both sides agree on, with hysteresis", () => {
  it("picks the nearest six when the others have room", () => {
    // one on each side of each axis, then two farther along x: nobody else is near anyone
    const around = [
      { visitorId: "a1", position: [1, 0, 0] as const },
      { visitorId: "a2", position: [-2, 0, 0] as const },
      { visitorId: "a3", position: [0, 3, 0] as const },
      { visitorId: "a4", position: [0, -4, 0] as const },
      { visitorId: "a5", position: [0, 0, 5] as const },
      { visitorId: "a6", position: [0, 0, -6] as const },
      { visitorId: "a7", position: [0, 0, -30] as const },
    ];
    expect(selectVoicePeers(me, around, new Set())).toEqual(["a1", "a2", "a3", "a4", "a5", "a6"]);
    expect(VOICE_MAX_PEERS).toBe(6);
    expect(selectVoicePeers(me, around.slice(0, 3), new Set())).toHaveLength(3);
  });

  it("passes over a near visitor whose six are nearer to each other, for one with room", () => {
    // ten in a row at 1..10 m: those at 4-8 m are full with their neighbours, those at 9 and
    // 10 m still have room
    const row = Array.from({ length: 10 }, (_, i) => at(`v${i}`, 10 - i)); // v9 at 1 m
    expect(selectVoicePeers(me, row, new Set())).toEqual(["v9", "v8", "v7", "v1", "v0"]);
  });

  it("both sides agree: whom one picks picks one, and nobody has more than six", () => {
    const crowd = square(25);
    const picks = new Map(
      crowd.map((visitor) => [visitor.visitorId, selectVoicePeers(visitor, crowd, new Set())]),
    );
    let pairs = 0;
    for (const [id, peers] of picks) {
      expect(peers.length).toBeLessThanOrEqual(VOICE_MAX_PEERS);
      expect(peers.length).toBeGreaterThanOrEqual(3);
      for (const peer of peers) expect(picks.get(peer)).toContain(id);
      pairs += peers.length;
    }
    expect(pairs / 25).toBeGreaterThan(5);
  });

  it("a current peer stays until a newcomer is more than 2 m closer", () => {
    const current = new Set(["a"]);
    // a at 5 m, b at 3.5 m the other way: only 1.5 m closer, a keeps the one place
    expect(selectVoicePeers(me, [at("a", 5), at("b", -3.5)], current, { max: 1 })).toEqual(["a"]);
    // b at 2.9 m: 2.1 m closer, b takes it
    expect(selectVoicePeers(me, [at("a", 5), at("b", -2.9)], current, { max: 1 })).toEqual(["b"]);
    // without hysteresis, the nearer one would win at once
    expect(
      selectVoicePeers(me, [at("a", 5), at("b", -4.9)], current, { max: 1, hysteresis: 0 }),
    ).toEqual(["b"]);
  });

  it("passes over a peer that declined lately, so the next nearest is asked at once", () => {
    const row = [at("a", 1), at("b", -2), at("c", 30)];
    const declinedUntil = new Map([["a", 5000]]);
    expect(selectVoicePeers(me, row, new Set(), { declinedUntil, now: 1000, max: 2 })).toEqual([
      "b",
      "c",
    ]);
    // once the backoff is over it is wanted again; a connected peer is never passed over
    expect(selectVoicePeers(me, row, new Set(), { declinedUntil, now: 5000, max: 2 })).toEqual([
      "a",
      "b",
    ]);
    expect(selectVoicePeers(me, row, new Set(["a"]), { declinedUntil, now: 1000, max: 2 })[0]).toBe(
      "a",
    );
  });

  it("unknown positions come last, ties by id (both sides agree)", () => {
    const picked = selectVoicePeers(
      me,
      [{ visitorId: "z", position: null }, { visitorId: "y", position: null }, at("x", 50)],
      new Set(),
      { max: 2 },
    );
    expect(picked).toEqual(["x", "y"]);
  });
});

describe("voice offers: the lower id offers, the greater waits", () => {
  it("the greater id waits before offering to a lower id, and keeps its offer otherwise", () => {
    expect(voiceOfferDelay("a", "b")).toBe(0);
    expect(voiceOfferDelay("b", "a")).toBe(VOICE_POLITE_WAIT_MS);
    expect(keepOwnVoiceOffer("a", "b")).toBe(true);
    expect(keepOwnVoiceOffer("b", "a")).toBe(false);
  });
  it("plans once the members settle, however long others keep joining", () => {
    expect(voiceMembersSettleDelay(1000, 1000)).toBe(VOICE_MEMBERS_SETTLE_MS);
    expect(voiceMembersSettleDelay(1000, 1000 + VOICE_MEMBERS_SETTLE_MAX_MS - 50)).toBe(50);
    expect(voiceMembersSettleDelay(1000, 1000 + VOICE_MEMBERS_SETTLE_MAX_MS + 50)).toBe(0);
  });
});

describe("voice connections: never more than six", () => {
  it("offers to wanted peers, evicting unwanted connections when full", () => {
    const connected = new Set(["a", "b", "c", "d", "e", "f"]);
    const plan = planVoiceConnections({
      wanted: ["a", "b", "c", "d", "e", "g"],
      connected,
      declinedUntil: new Map(),
      now: 0,
    });
    expect(plan).toEqual({ offer: ["g"], evict: ["f"] });
  });
  it("asks a peer that declined before again only when there is room (no eviction)", () => {
    const full = new Set(["a", "b", "c", "d", "e", "f"]);
    expect(
      planVoiceConnections({
        wanted: ["a", "b", "c", "d", "e", "g"],
        connected: full,
        declinedUntil: new Map([["g", 100]]),
        now: 200,
      }),
    ).toEqual({ offer: [], evict: [] });
    expect(
      planVoiceConnections({
        wanted: ["a", "g"],
        connected: new Set(["a"]),
        declinedUntil: new Map([["g", 100]]),
        now: 200,
      }),
    ).toEqual({ offer: ["g"], evict: [] });
  });
  it("does not offer again to a peer that declined lately", () => {
    const plan = planVoiceConnections({
      wanted: ["a"],
      connected: new Set(),
      declinedUntil: new Map([["a", 1000]]),
      now: 500,
    });
    expect(plan.offer).toEqual([]);
    expect(
      planVoiceConnections({
        wanted: ["a"],
        connected: new Set(),
        declinedUntil: new Map([["a", 1000]]),
        now: 1000,
      }).offer,
    ).toEqual(["a"]);
  });
  it("accepts with room, or a wanted peer by evicting an unwanted one, else declines", () => {
    expect(acceptVoiceOffer({ from: "x", wanted: [], connected: new Set(["a"]) })).toEqual({
      accept: true,
      evict: null,
    });
    const full = new Set(["a", "b", "c", "d", "e", "f"]);
    expect(acceptVoiceOffer({ from: "x", wanted: [], connected: full })).toEqual({
      accept: false,
      evict: null,
    });
    expect(
      acceptVoiceOffer({ from: "x", wanted: ["x", "a", "b", "c", "d", "e"], connected: full }),
    ).toEqual({ accept: true, evict: "f" });
  });
});

describe("voice schemas", () => {
  it("are part of liveuserhub version 1", () => {
    expect(liveUserHubClientV1.SendVoiceSignal).toBe(SendVoiceSignalSchema);
    expect(liveUserHubServerV1.VoiceSignal).toBe(VoiceSignalSchema);
    expect(JoinVoiceSchema.parse({})).toEqual({ muted: false });
  });
  it("accept an offer, candidates and bye; refuse unknown kinds and oversized SDP", () => {
    expect(
      SendVoiceSignalSchema.safeParse({ to: "v1", signal: { type: "offer", sdp: "v=0" } }).success,
    ).toBe(true);
    expect(
      SendVoiceSignalSchema.safeParse({
        to: "v1",
        signal: {
          type: "candidates",
          candidates: [{ candidate: "candidate:1 1 udp", sdpMid: "0" }],
        },
      }).success,
    ).toBe(true);
    expect(SendVoiceSignalSchema.safeParse({ to: "v1", signal: { type: "bye" } }).success).toBe(
      true,
    );
    expect(SendVoiceSignalSchema.safeParse({ to: "v1", signal: { type: "video" } }).success).toBe(
      false,
    );
    expect(
      SendVoiceSignalSchema.safeParse({
        to: "v1",
        signal: { type: "offer", sdp: "x".repeat(12_001) },
      }).success,
    ).toBe(false);
    expect(SendVoiceSignalSchema.safeParse({ signal: { type: "bye" } }).success).toBe(false);
  });
});

describe("recordVoiceDecline", () => {
  it("doubles the wait with each decline in a row, up to the cap, and starts again after a connection", () => {
    const backoff = {
      declines: new Map<string, number>(),
      declinedUntil: new Map<string, number>(),
    };
    const waits = Array.from({ length: 7 }, () => {
      recordVoiceDecline(backoff, "v2", 1000);
      return (backoff.declinedUntil.get("v2") ?? 0) - 1000;
    });
    expect(waits).toEqual([
      VOICE_DECLINE_BACKOFF_MS,
      2 * VOICE_DECLINE_BACKOFF_MS,
      4 * VOICE_DECLINE_BACKOFF_MS,
      8 * VOICE_DECLINE_BACKOFF_MS,
      VOICE_DECLINE_BACKOFF_MAX_MS,
      VOICE_DECLINE_BACKOFF_MAX_MS,
      VOICE_DECLINE_BACKOFF_MAX_MS,
    ]);
    // another peer has its own count
    recordVoiceDecline(backoff, "v3", 0);
    expect(backoff.declinedUntil.get("v3")).toBe(VOICE_DECLINE_BACKOFF_MS);
    backoff.declines.delete("v2");
    recordVoiceDecline(backoff, "v2", 0);
    expect(backoff.declinedUntil.get("v2")).toBe(VOICE_DECLINE_BACKOFF_MS);
  });
});
