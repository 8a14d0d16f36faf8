import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { createDraft, publishedSpace, SCENES } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// /api/storyTellingService: guided tours and their points. The scene's owner writes them;
// whoever may visit the scene reads them (a tour not public only its owner).

const TOURS = "/api/storyTellingService";

let t: TestApp;
let owner: TestUser;
let visitor: TestUser;
let sceneId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpUser(t, { name: "Tess Tourmaker", plan: "standard" });
  visitor = await signUpUser(t, { name: "Vic Visitor" });
  sceneId = (await publishedSpace(t, owner, { title: "Toured space" })).sceneId;
});
afterAll(async () => {
  await t.close();
});

const as = (user: TestUser | null) => clientFor(t, user);

const point = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `About ${title}`,
  position: [1, 1.6, 2],
  rotation: [0, 0.5, 0],
  duration: 8,
  ...extra,
});

async function createTour(body: Record<string, unknown>, user: TestUser = owner) {
  const response = await as(user)({
    method: "POST",
    url: `${TOURS}/guidedtour`,
    payload: { sceneId, title: "Highlights", ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    guidedTourId: string;
    duration: number;
    points: Array<{ guidedTourPointId: string; title: string; order: number }>;
  };
}

describe("tours of a published space", () => {
  it("the owner creates a tour with ordered points; its duration is their sum", async () => {
    const tour = await createTour({
      description: "The best bits",
      points: [point("Door"), point("Window", { duration: 12 })],
    });
    expect(tour.duration).toBe(20);
    expect(tour.points.map((p) => [p.title, p.order])).toEqual([
      ["Door", 0],
      ["Window", 1],
    ]);
  });

  it("visitors, signed in or not, list the space's tours and read one tour and one point", async () => {
    const tour = await createTour({ title: "For visitors", points: [point("Start")] });
    for (const user of [visitor, null]) {
      const list = await as(user)({ method: "GET", url: `${TOURS}/guidedtour?sceneId=${sceneId}` });
      expect(list.statusCode).toBe(200);
      expect(
        (list.json() as Array<{ guidedTourId: string }>).map((entry) => entry.guidedTourId),
      ).toContain(tour.guidedTourId);
      const one = await as(user)({
        method: "GET",
        url: `${TOURS}/guidedtour/${tour.guidedTourId}`,
      });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ title: "For visitors", sceneId, public: true });
      const pointId = tour.points[0]?.guidedTourPointId;
      const stop = await as(user)({ method: "GET", url: `${TOURS}/guidedtourpoint/${pointId}` });
      expect(stop.statusCode).toBe(200);
      expect(stop.json()).toMatchObject({
        title: "Start",
        position: [1, 1.6, 2],
        duration: 8,
        color: "#3DABFF",
      });
    }
  });

  it("only the owner writes: others get 403, signed-out visitors 401", async () => {
    const tour = await createTour({ points: [point("Only")] });
    const pointId = tour.points[0]?.guidedTourPointId;
    const attempts = [
      {
        method: "POST" as const,
        url: `${TOURS}/guidedtour`,
        payload: { sceneId, title: "Mine now" },
      },
      {
        method: "PUT" as const,
        url: `${TOURS}/guidedtour/${tour.guidedTourId}`,
        payload: { title: "Changed" },
      },
      { method: "DELETE" as const, url: `${TOURS}/guidedtour/${tour.guidedTourId}` },
      {
        method: "POST" as const,
        url: `${TOURS}/guidedtourpoint`,
        payload: { guidedTourId: tour.guidedTourId, ...point("Extra") },
      },
      {
        method: "PUT" as const,
        url: `${TOURS}/guidedtourpoint/${pointId}`,
        payload: { title: "Changed" },
      },
      { method: "DELETE" as const, url: `${TOURS}/guidedtourpoint/${pointId}` },
    ];
    for (const attempt of attempts) {
      expect((await as(visitor)(attempt)).statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect((await as(null)(attempt)).statusCode, `${attempt.method} ${attempt.url}`).toBe(401);
    }
    const unchanged = await as(owner)({
      method: "GET",
      url: `${TOURS}/guidedtour/${tour.guidedTourId}`,
    });
    expect(unchanged.json()).toMatchObject({ title: "Highlights", points: [{ title: "Only" }] });
  });

  it("refuses bad input with 400 naming the field", async () => {
    const bad = [
      { payload: { sceneId }, field: "title" },
      { payload: { sceneId, title: "" }, field: "title" },
      { payload: { sceneId, title: "x".repeat(101) }, field: "title" },
      {
        payload: { sceneId, title: "T", points: [{ ...point("P"), position: [1, 2] }] },
        field: "position",
      },
      {
        payload: { sceneId, title: "T", points: [{ ...point("P"), duration: 3600 }] },
        field: "duration",
      },
      {
        payload: { sceneId, title: "T", points: [{ ...point("P"), color: "blue" }] },
        field: "color",
      },
      { payload: { title: "T" }, field: "sceneId" },
    ];
    for (const { payload, field } of bad) {
      const response = await as(owner)({ method: "POST", url: `${TOURS}/guidedtour`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toContain(field);
    }
    const noScene = await as(owner)({ method: "GET", url: `${TOURS}/guidedtour` });
    expect(noScene.statusCode).toBe(400);
    const notJson = await as(owner)({
      method: "POST",
      url: `${TOURS}/guidedtour`,
      payload: "nonsense",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it("unknown scenes, tours and points are 404", async () => {
    expect(
      (await as(owner)({ method: "GET", url: `${TOURS}/guidedtour?sceneId=no-such-scene` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await as(owner)({
          method: "POST",
          url: `${TOURS}/guidedtour`,
          payload: { sceneId: "no-such-scene", title: "T" },
        })
      ).statusCode,
    ).toBe(404);
    expect((await as(owner)({ method: "GET", url: `${TOURS}/guidedtour/nope` })).statusCode).toBe(
      404,
    );
    expect(
      (
        await as(owner)({
          method: "PUT",
          url: `${TOURS}/guidedtourpoint/nope`,
          payload: { title: "x" },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as(owner)({
          method: "POST",
          url: `${TOURS}/guidedtourpoint`,
          payload: { guidedTourId: "nope", ...point("x") },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("a tour that is not public is the owner's alone", async () => {
    const hidden = await createTour({ title: "Rehearsal", public: false });
    const list = await as(visitor)({
      method: "GET",
      url: `${TOURS}/guidedtour?sceneId=${sceneId}`,
    });
    expect((list.json() as Array<{ title: string }>).map((entry) => entry.title)).not.toContain(
      "Rehearsal",
    );
    expect(
      (await as(visitor)({ method: "GET", url: `${TOURS}/guidedtour/${hidden.guidedTourId}` }))
        .statusCode,
    ).toBe(404);
    const own = await as(owner)({ method: "GET", url: `${TOURS}/guidedtour?sceneId=${sceneId}` });
    expect((own.json() as Array<{ title: string }>).map((entry) => entry.title)).toContain(
      "Rehearsal",
    );
  });

  it("points are inserted, moved and deleted keeping a gapless order", async () => {
    const tour = await createTour({ points: [point("A"), point("B"), point("C")] });
    const titles = async () => {
      const response = await as(owner)({
        method: "GET",
        url: `${TOURS}/guidedtour/${tour.guidedTourId}`,
      });
      return (response.json() as { points: Array<{ title: string; order: number }> }).points.map(
        (p) => `${p.order}:${p.title}`,
      );
    };
    const first = await as(owner)({
      method: "POST",
      url: `${TOURS}/guidedtourpoint`,
      payload: { guidedTourId: tour.guidedTourId, order: 0, ...point("Z") },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(await titles()).toEqual(["0:Z", "1:A", "2:B", "3:C"]);
    const last = await as(owner)({
      method: "POST",
      url: `${TOURS}/guidedtourpoint`,
      payload: { guidedTourId: tour.guidedTourId, ...point("End") },
    });
    expect(last.json()).toMatchObject({ order: 4 });
    const z = (first.json() as { guidedTourPointId: string }).guidedTourPointId;
    const moved = await as(owner)({
      method: "PUT",
      url: `${TOURS}/guidedtourpoint/${z}`,
      payload: { order: 2, title: "Zed" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ order: 2, title: "Zed", description: "About Z" });
    expect(await titles()).toEqual(["0:A", "1:B", "2:Zed", "3:C", "4:End"]);
    const back = await as(owner)({
      method: "PUT",
      url: `${TOURS}/guidedtourpoint/${z}`,
      payload: { order: 0 },
    });
    expect(back.statusCode).toBe(200);
    expect(await titles()).toEqual(["0:Zed", "1:A", "2:B", "3:C", "4:End"]);
    expect(
      (await as(owner)({ method: "DELETE", url: `${TOURS}/guidedtourpoint/${z}` })).statusCode,
    ).toBe(204);
    expect(await titles()).toEqual(["0:A", "1:B", "2:C", "3:End"]);
  });

  it("PUT changes only what it names; points, when given, replace them all", async () => {
    const tour = await createTour({ description: "Keep me", points: [point("A"), point("B")] });
    const renamed = await as(owner)({
      method: "PUT",
      url: `${TOURS}/guidedtour/${tour.guidedTourId}`,
      payload: { title: "Renamed" },
    });
    expect(renamed.json()).toMatchObject({
      title: "Renamed",
      description: "Keep me",
      public: true,
      points: [{ title: "A" }, { title: "B" }],
    });
    const replaced = await as(owner)({
      method: "PUT",
      url: `${TOURS}/guidedtour/${tour.guidedTourId}`,
      payload: { points: [point("Only", { duration: 30 })] },
    });
    expect(replaced.json()).toMatchObject({
      title: "Renamed",
      duration: 30,
      points: [{ title: "Only", order: 0 }],
    });
    expect(
      (await as(owner)({ method: "DELETE", url: `${TOURS}/guidedtour/${tour.guidedTourId}` }))
        .statusCode,
    ).toBe(204);
    expect(
      (await as(owner)({ method: "GET", url: `${TOURS}/guidedtour/${tour.guidedTourId}` }))
        .statusCode,
    ).toBe(404);
  });
});

describe("tours of spaces a visitor may not open", () => {
  it("a draft's tours are its owner's; visitors get 403", async () => {
    const draft = await createDraft(t, owner, { title: "Unfinished" });
    const created = await as(owner)({
      method: "POST",
      url: `${TOURS}/guidedtour`,
      payload: { sceneId: draft.sceneId, title: "Preview path" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const tourId = (created.json() as { guidedTourId: string }).guidedTourId;
    expect(
      (await as(visitor)({ method: "GET", url: `${TOURS}/guidedtour?sceneId=${draft.sceneId}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(null)({ method: "GET", url: `${TOURS}/guidedtour/${tourId}` })).statusCode,
    ).toBe(403);
    expect(
      (await as(owner)({ method: "GET", url: `${TOURS}/guidedtour?sceneId=${draft.sceneId}` }))
        .statusCode,
    ).toBe(200);
  });

  it("a space restricted to chosen people hides its tours from others", async () => {
    const friend = await signUpUser(t, { name: "Fran Friend" });
    const owner2 = await signUpUser(t, { name: "Pia Private", plan: "standard" });
    const space = await publishedSpace(t, owner2, { title: "Private show" });
    const patched = await as(owner2)({
      method: "PATCH",
      url: `${SCENES}/scene/metadata/${space.sceneId}`,
      payload: { privacyACLEnabled: true, userPrivacyACL: [friend.userId] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const created = await as(owner2)({
      method: "POST",
      url: `${TOURS}/guidedtour`,
      payload: { sceneId: space.sceneId, title: "Inside" },
    });
    expect(created.statusCode).toBe(201);
    expect(
      (await as(visitor)({ method: "GET", url: `${TOURS}/guidedtour?sceneId=${space.sceneId}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(friend)({ method: "GET", url: `${TOURS}/guidedtour?sceneId=${space.sceneId}` }))
        .statusCode,
    ).toBe(200);
  });

  it("deleting a space deletes its tours", async () => {
    const space = await createDraft(t, owner, { title: "Short-lived" });
    const created = await as(owner)({
      method: "POST",
      url: `${TOURS}/guidedtour`,
      payload: { sceneId: space.sceneId, title: "Gone soon" },
    });
    const tourId = (created.json() as { guidedTourId: string }).guidedTourId;
    const deleted = await as(owner)({
      method: "POST",
      url: `${SCENES}/sceneactions/${space.sceneId}/delete`,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(
      (await as(owner)({ method: "GET", url: `${TOURS}/guidedtour/${tourId}` })).statusCode,
    ).toBe(404);
  });
});
