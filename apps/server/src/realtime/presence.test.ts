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
