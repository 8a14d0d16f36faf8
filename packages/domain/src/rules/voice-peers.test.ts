import { describe, expect, it } from "vitest";
import {
  JoinVoiceSchema,
  liveUserHubClientV1,
  liveUserHubServerV1,
  SendVoiceSignalSchema,
  VOICE_DECLINE_BACKOFF_MAX_MS,
  VOICE_DECLINE_BACKOFF_MS,
  VOICE_MAX_PEERS,
  VoiceSignalSchema,
} from "../realtime";
import {
  acceptVoiceOffer,
  planVoiceConnections,
  recordVoiceDecline,
  selectVoicePeers,
} from "./voice-peers";

const at = (visitorId: string, x: number) => ({ visitorId, position: [x, 0, 0] as const });

describe("voice peers: the nearest six, with hysteresis", () => {
  const crowd = Array.from({ length: 10 }, (_, i) => at(`v${i}`, 10 - i)); // v9 nearest (x=1)

  it("picks at most six, nearest first", () => {
    expect(selectVoicePeers([0, 0, 0], crowd, new Set())).toEqual([
      "v9",
      "v8",
      "v7",
      "v6",
      "v5",
      "v4",
    ]);
    expect(VOICE_MAX_PEERS).toBe(6);
  });

  it("fewer candidates than six: all of them", () => {
    expect(selectVoicePeers([0, 0, 0], crowd.slice(0, 3), new Set())).toHaveLength(3);
  });

  it("a current peer stays until a newcomer is more than 2 m closer", () => {
    const current = new Set(["a"]);
    // a at 5 m, b at 3.5 m: only 1.5 m closer, a keeps the one place
    expect(selectVoicePeers([0, 0, 0], [at("a", 5), at("b", 3.5)], current, { max: 1 })).toEqual([
      "a",
    ]);
    // b at 2.9 m: 2.1 m closer, b takes it
    expect(selectVoicePeers([0, 0, 0], [at("a", 5), at("b", 2.9)], current, { max: 1 })).toEqual([
      "b",
    ]);
    // without hysteresis, the nearer one would win at once
    expect(
      selectVoicePeers([0, 0, 0], [at("a", 5), at("b", 4.9)], current, { max: 1, hysteresis: 0 }),
    ).toEqual(["b"]);
  });

  it("passes over a peer that declined lately, so the next nearest is asked at once", () => {
    const declinedUntil = new Map([["v9", 5000]]);
    const picked = selectVoicePeers([0, 0, 0], crowd, new Set(), { declinedUntil, now: 1000 });
    expect(picked).toEqual(["v8", "v7", "v6", "v5", "v4", "v3"]);
    // once the backoff is over it is wanted again; a connected peer is never passed over
    expect(selectVoicePeers([0, 0, 0], crowd, new Set(), { declinedUntil, now: 5000 })[0]).toBe(
      "v9",
    );
    expect(
      selectVoicePeers([0, 0, 0], crowd, new Set(["v9"]), { declinedUntil, now: 1000 })[0],
    ).toBe("v9");
  });

  it("unknown positions come last, ties by id (both sides agree)", () => {
    const picked = selectVoicePeers(
      [0, 0, 0],
      [{ visitorId: "z", position: null }, { visitorId: "y", position: null }, at("x", 50)],
      new Set(),
      { max: 2 },
    );
    expect(picked).toEqual(["x", "y"]);
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
