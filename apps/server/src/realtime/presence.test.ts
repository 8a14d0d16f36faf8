import { describe, expect, it } from "vitest";
import { createMemoryPresence } from "./presence.js";

const visitor = (i: number) => ({
  visitorId: `v${i}`,
  userId: `u${i}`,
  name: `Visitor ${i}`,
  profilePicture: null,
  guest: false,
  avatarId: null,
});

describe("in-process presence", () => {
  it("fills an instance up to the limit, then opens the next; a freed place is reused", async () => {
    const presence = createMemoryPresence(6_000);
    const placements = [];
    for (let i = 0; i < 26; i++) placements.push(await presence.join("s", visitor(i), 25));
    expect(placements.filter((p) => p.instanceId === "s.1")).toHaveLength(25);
    expect(placements[25]?.instanceId).toBe("s.2");
    expect(await presence.instanceCounts("s")).toEqual([
      { instanceId: "s.1", count: 25 },
      { instanceId: "s.2", count: 1 },
    ]);
    await presence.leave("v3");
    expect((await presence.join("s", visitor(99), 25)).instanceId).toBe("s.1");
    expect(await presence.sceneCounts(["s", "t"])).toEqual(
      new Map([
        ["s", 26],
        ["t", 0],
      ]),
    );
    expect(await presence.total()).toBe(26);
  });

  it("sweeps visitors whose heartbeat stopped, once", async () => {
    let clock = 0;
    const presence = createMemoryPresence(1_000, () => clock);
    await presence.join("s", visitor(1), 25);
    await presence.join("s", visitor(2), 25);
    clock = 800;
    await presence.refresh(["v1"]);
    clock = 1_500;
    expect(await presence.sweep()).toEqual([{ sceneId: "s", instanceId: "s.1", visitorId: "v2" }]);
    expect(await presence.sweep()).toEqual([]);
    expect((await presence.visitors("s.1")).map((v) => v.visitorId)).toEqual(["v1"]);
  });

  it("keeps a removed visitor out of that instance until the ban ends, and only that instance", async () => {
    let now = 1_000;
    const presence = createMemoryPresence(6_000, () => now);
    await presence.join("s", visitor(1), 25);
    const placed = await presence.join("s", visitor(2), 25);
    expect(placed.instanceId).toBe("s.1");
    expect(await presence.entry("v2")).toMatchObject({ sceneId: "s", instanceId: "s.1" });
    await presence.ban("s", "s.1", ["u2"], now + 10_000);
    await presence.leave("v2");
    const banned = await presence.bannedInstances("s", ["u2"]);
    expect(banned).toEqual(["s.1"]);
    expect(await presence.bannedInstances("t", ["u2"])).toEqual([]);
    expect(await presence.bannedInstances("s", ["u3"])).toEqual([]);
    expect((await presence.join("s", visitor(2), 25, banned)).instanceId).toBe("s.2");
    now += 10_001;
    expect(await presence.bannedInstances("s", ["u2"])).toEqual([]);
    expect(await presence.entry("nobody")).toBeNull();
  });
});

describe("seats held for a party", () => {
  it("places a leader where the whole party fits, holds the seats against others, and seats each follower there", async () => {
    let now = 1_000;
    const presence = createMemoryPresence(60_000, () => now);
    // s.1 holds 22: a party of four does not fit (22 + 4 > 25)
    for (let i = 0; i < 22; i++) await presence.join("s", visitor(i), 25);
    const seats = { prefer: null, seatsFor: ["u101", "u102", "u103"], seatUntil: now + 30_000 };
    const leader = await presence.join("s", visitor(100), 25, [], seats);
    expect(leader.instanceId).toBe("s.2");
    // strangers see s.2 as holding 1 + 3 held seats: 21 more fit, the 22nd opens s.3
    for (let i = 200; i < 203; i++) {
      expect((await presence.join("s", visitor(i), 25)).instanceId).toBe("s.1");
    }
    const more = [];
    for (let i = 300; i < 322; i++)
      more.push((await presence.join("s", visitor(i), 25)).instanceId);
    expect(more.filter((id) => id === "s.2")).toHaveLength(21);
    expect(more.at(-1)).toBe("s.3");
    // the followers take their held seats although s.2 looks full to others
    for (const i of [101, 102, 103]) {
      expect((await presence.join("s", visitor(i), 25)).instanceId).toBe("s.2");
    }
    expect((await presence.instanceCounts("s")).find((c) => c.instanceId === "s.2")?.count).toBe(
      25,
    );
    // a seat lapses: a late follower goes where there is room
    now += 31_000;
    const late = await presence.join("s", visitor(104), 25, [], {
      prefer: "s.2",
      seatsFor: [],
      seatUntil: now,
    });
    expect(late.instanceId).not.toBe("s.2");
  });
});
