import { messages } from "@atrium/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePremadeSpaces } from "../src/modules/scenes/premade-content.js";
import { createTestApp, type TestApp } from "./support/app.js";
import {
  CREATE_DISTRICT,
  DISTRICT,
  type DistrictCreated,
  firstTemplateId,
  invite,
  join,
  twoDistricts,
} from "./support/districts.js";
import { multipart } from "./support/multipart.js";
import { publishedSpace, SCENES } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// Districts (issue 18): creation with the wizard's rules on the server, invitations, and the
// authorisation matrix across two districts and the five kinds of visitor.

let t: TestApp;
let ownerA: TestUser;
let creatorA: TestUser;
let guestA: TestUser;
let ownerB: TestUser;
let outsider: TestUser;
let a: DistrictCreated;
let b: DistrictCreated;

const as = (user: TestUser | null) => clientFor(t, user);
const PATTERN = messages.district.subdomainPattern;

beforeAll(async () => {
  t = await createTestApp({ SEARCH_CACHE_MS: "0" });
  await ensurePremadeSpaces(t.context.database);
  ({ ownerA, creatorA, guestA, ownerB, outsider, a, b } = await twoDistricts(t, {
    a: { title: "Private Row", subdomain: "private-row" },
    b: { title: "Open Square", subdomain: "open-square" },
  }));
});
afterAll(async () => {
  await t.close();
});

describe("creating a district", () => {
  it("needs a signed-in Pro account", async () => {
    const payload = { title: "Nope", subdomain: "nope", freeSpaceTemplateId: "x" };
    expect((await as(null)({ method: "POST", url: CREATE_DISTRICT, payload })).statusCode).toBe(
      401,
    );
    const free = await as(guestA)({ method: "POST", url: CREATE_DISTRICT, payload });
    expect(free.statusCode).toBe(403);
    expect(free.json().message).toBe(messages.district.proNeeded);
    const standard = await as(creatorA)({ method: "POST", url: CREATE_DISTRICT, payload });
    expect(standard.statusCode).toBe(403);
  });

  it("a hand-made request gets the wizard's messages, field by field", async () => {
    const templateId = await firstTemplateId(t);
    const send = (payload: Record<string, unknown>) =>
      as(outsider)({ method: "POST", url: CREATE_DISTRICT, payload });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "A", subdomain: "fine-one" }, "body.title", "at least 2 characters"],
      [
        { title: "x".repeat(51), subdomain: "fine-one" },
        "body.title",
        "It should contain no more than 50 characters",
      ],
      [{ title: "Fine", subdomain: "www" }, "body.subdomain", 'Subdomain cannot be "www"'],
      [{ title: "Fine", subdomain: "auth" }, "body.subdomain", 'Subdomain cannot be "auth"'],
      [{ title: "Fine", subdomain: "My-Row" }, "body.subdomain", PATTERN],
      [{ title: "Fine", subdomain: "-row" }, "body.subdomain", PATTERN],
      [{ title: "Fine", subdomain: "row-" }, "body.subdomain", PATTERN],
      [{ title: "Fine", subdomain: "my row" }, "body.subdomain", PATTERN],
      [{ title: "Fine", subdomain: "x" }, "body.subdomain", "at least 2 characters"],
      [{ title: "Fine", subdomain: "fine-one", public: "perhaps" }, "body.public", "Required"],
    ];
    for (const [fields, path, message] of cases) {
      const response = await send({ freeSpaceTemplateId: templateId, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().fields).toContainEqual({ path, message });
    }
    const noPremade = await send({ title: "Fine", subdomain: "fine-one" });
    expect(noPremade.statusCode).toBe(400);
    expect(noPremade.json().fields).toEqual([
      { path: "body.freeSpaceTemplateId", message: messages.district.selectFreePremade },
    ]);
    const unknownPremade = await send({
      title: "Fine",
      subdomain: "fine-one",
      freeSpaceTemplateId: "nope",
    });
    expect(unknownPremade.statusCode).toBe(400);
  });

  it("refuses subdomains that differ only by case or look-alikes, and taken titles", async () => {
    const templateId = await firstTemplateId(t);
    const send = (title: string, subdomain: string) =>
      as(outsider)({
        method: "POST",
        url: CREATE_DISTRICT,
        payload: { title, subdomain, freeSpaceTemplateId: templateId },
      });
    for (const lookAlike of ["Open-Square", "ореn-square", "ｏｐｅｎ-square"]) {
      const response = await send("Another title", lookAlike);
      expect(response.statusCode, lookAlike).toBe(400);
      expect(response.json().fields).toEqual([{ path: "body.subdomain", message: PATTERN }]);
    }
    const sameSubdomain = await send("Another title", "open-square");
    expect(sameSubdomain.statusCode).toBe(409);
    expect(sameSubdomain.json().message).toBe(messages.district.titleTaken);
    const sameTitle = await send("  open   SQUARE ", "another-one");
    expect(sameTitle.statusCode).toBe(409);
    expect(sameTitle.json().fields).toEqual([
      { path: "body.title", message: messages.district.titleTaken },
    ]);
  });

  it("takes the spec's multipart form and starts the district with its free premade space", async () => {
    const form = multipart(
      Object.entries({
        title: "Form Made",
        subdomain: "form-made",
        public: "true",
        visible: "true",
        freeSpaceTemplateId: await firstTemplateId(t),
      }).map(([name, value]) => ({ name, value })),
    );
    const response = await as(outsider)({
      method: "POST",
      url: CREATE_DISTRICT,
      headers: form.headers,
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { districtId, freeSceneId } = response.json();
    const scene = await as(outsider)({
      method: "GET",
      url: `${SCENES}/scene/metadata/${freeSceneId}`,
    });
    expect(scene.json()).toMatchObject({
      districtId,
      districtSubdomain: "form-made",
      state: "Draft",
    });
  });

  it("subdomain availability: 200 free, 409 taken, 400 malformed", async () => {
    const free = await as(null)({ method: "GET", url: `${DISTRICT}/available/still-free` });
    expect(free.json()).toEqual({ subdomain: "still-free", available: true });
    const taken = await as(null)({ method: "GET", url: `${DISTRICT}/available/open-square` });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(messages.district.titleTaken);
    const reserved = await as(null)({ method: "GET", url: `${DISTRICT}/available/api` });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().fields[0].message).toBe('Subdomain cannot be "api"');
  });
});

describe("invitations", () => {
  it("a used, expired or forged code gets a clear answer and grants nothing", async () => {
    const late = await signUpUser(t, { name: "Lena Late" });
    const used = await invite(t, ownerA, a.districtId, late.email, "Creator");
    const accept = (user: TestUser, code: string) =>
      as(user)({ method: "POST", url: `${DISTRICT}/accept-invitation/${code}` });
    // forged: never issued, or malformed
    const forged = await accept(late, "A".repeat(43));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(messages.district.invitationInvalid);
    expect((await accept(late, "bad code!")).statusCode).toBe(400);
    // expired
    const expiring = await invite(t, ownerA, a.districtId, late.email, "Creator");
    await t.context.database.db.execute(
      sql`UPDATE district_invitations SET expires_at = now() - interval '1 minute' WHERE id = ${expiring.invitationId}`,
    );
    const expired = await accept(late, expiring.code);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(messages.district.invitationExpired);
    const still = await as(late)({ method: "GET", url: `${DISTRICT}/access/${a.subdomain}` });
    expect(still.json()).toMatchObject({ access: false, role: null });
    // used: the first acceptance counts, the second grants nothing to anyone
    expect((await accept(late, used.code)).json()).toEqual({
      districtId: a.districtId,
      subdomain: a.subdomain,
      role: "Creator",
    });
    const again = await accept(outsider, used.code);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(messages.district.invitationUsed);
    const outsiderAccess = await as(outsider)({
      method: "GET",
      url: `${DISTRICT}/access/${a.subdomain}`,
    });
    expect(outsiderAccess.json()).toMatchObject({ access: false, role: null });
    expect((await accept(null as unknown as TestUser, used.code)).statusCode).toBe(401);
  });

  it("only the owner invites and sees invitations; an invitation by id is its addressee's", async () => {
    for (const user of [creatorA, guestA, outsider, ownerB]) {
      const response = await as(user)({
        method: "POST",
        url: `${DISTRICT}/${a.districtId}/invite`,
        payload: { email: "x@example.test", role: "Guest" },
      });
      expect(response.statusCode, user.name).toBe(403);
    }
    const badEmail = await as(ownerA)({
      method: "POST",
      url: `${DISTRICT}/${a.districtId}/invite`,
      payload: { email: "not an address", role: "Owner" },
    });
    expect(badEmail.statusCode).toBe(400);
    const invitee = await signUpUser(t, { name: "Ivy Invitee" });
    const { invitationId } = await invite(t, ownerA, a.districtId, invitee.email, "Guest");
    const mine = await as(invitee)({ method: "GET", url: `${DISTRICT}/invitation/my` });
    expect(mine.json().map((i: { invitationId: string }) => i.invitationId)).toEqual([
      invitationId,
    ]);
    const byOther = await as(outsider)({
      method: "POST",
      url: `${DISTRICT}/invitation/${invitationId}/accept`,
    });
    expect(byOther.statusCode).toBe(403);
    const byInvitee = await as(invitee)({
      method: "POST",
      url: `${DISTRICT}/invitation/${invitationId}/accept`,
    });
    expect(byInvitee.json()).toMatchObject({ role: "Guest" });
    const list = await as(ownerA)({ method: "GET", url: `${DISTRICT}/${a.districtId}/invite` });
    expect(
      list.json().find((i: { invitationId: string }) => i.invitationId === invitationId).state,
    ).toBe("used");
    expect(
      (await as(creatorA)({ method: "GET", url: `${DISTRICT}/${a.districtId}/invite` })).statusCode,
    ).toBe(403);
    // the invitation e-mail went out with the link
    const mail = await t.context.database.db.execute(
      sql`SELECT text_body FROM mail_outbox WHERE kind = 'district-invitation' AND to_address = ${invitee.email}`,
    );
    expect(JSON.stringify(mail)).toContain("invitation_code=");
  });
});

describe("the authorisation matrix: two districts, five kinds of visitor", () => {
  const visitors = () =>
    [
      ["owner", ownerA],
      ["creator", creatorA],
      ["guest", guestA],
      ["outsider", outsider],
      ["signed out", null],
    ] as const;

  it("a private district opens to its members only; a public one to everyone", async () => {
    const expected = { owner: 200, creator: 200, guest: 200, outsider: 403, "signed out": 403 };
    for (const [kind, user] of visitors()) {
      const info = await as(user)({
        method: "GET",
        url: `${DISTRICT}/info?subdomain=${a.subdomain}`,
      });
      expect(info.statusCode, kind).toBe(expected[kind]);
      if (info.statusCode === 403) expect(info.json().message).toBe(messages.district.noAccess);
      const full = await as(user)({ method: "GET", url: `${DISTRICT}/${a.districtId}/full` });
      expect(full.statusCode, kind).toBe(expected[kind]);
      const members = await as(user)({ method: "GET", url: `${DISTRICT}/${a.districtId}/members` });
      expect(members.statusCode, kind).toBe(expected[kind]);
      const open = await as(user)({
        method: "GET",
        url: `${DISTRICT}/info?subdomain=${b.subdomain}`,
      });
      expect(open.statusCode, kind).toBe(200);
    }
    const roles = await as(ownerA)({ method: "GET", url: `${DISTRICT}/${a.districtId}/members` });
    const byUser = Object.fromEntries(
      roles.json().map((m: { userId: string; role: string }) => [m.userId, m.role]),
    );
    expect(byUser[ownerA.userId]).toBe("Owner");
    expect(byUser[creatorA.userId]).toBe("Creator");
    expect(byUser[guestA.userId]).toBe("Guest");
    const access = await as(null)({ method: "GET", url: `${DISTRICT}/access/${a.subdomain}` });
    expect(access.json()).toMatchObject({
      access: false,
      message: messages.district.noAccess,
      title: "",
    });
    const own = await as(creatorA)({ method: "GET", url: `${DISTRICT}/access/${a.subdomain}` });
    expect(own.json()).toMatchObject({
      access: true,
      role: "Creator",
      canCreateSpaces: true,
      isOwner: false,
    });
    const unknown = await as(null)({ method: "GET", url: `${DISTRICT}/access/no-such-place` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.district.unknownDistrict);
  });

  it("only the owner manages settings, roles and members; a creator changes nothing", async () => {
    const expected = { owner: 200, creator: 403, guest: 403, outsider: 403, "signed out": 401 };
    for (const [kind, user] of visitors()) {
      const admin = await as(user)({ method: "GET", url: `${DISTRICT}/${a.districtId}/admin` });
      expect(admin.statusCode, kind).toBe(expected[kind]);
      const settings = await as(user)({
        method: "PATCH",
        url: `${DISTRICT}/${a.districtId}/admin`,
        payload: { subtitle: `by ${kind}`, styles: { theme: "#224466", fontFamily: "Urbanist" } },
      });
      expect(settings.statusCode, kind).toBe(expected[kind]);
      const role = await as(user)({
        method: "PATCH",
        url: `${DISTRICT}/${a.districtId}/member/${guestA.userId}`,
        payload: { role: "Guest" },
      });
      expect(role.statusCode, kind).toBe(expected[kind]);
    }
    const info = await as(guestA)({ method: "GET", url: `${DISTRICT}/info?id=${a.districtId}` });
    expect(info.json()).toMatchObject({
      subtitle: "by owner",
      districtUserRole: "Guest",
      isOwner: false,
    });
    expect(JSON.parse(info.json().styles)).toEqual({ theme: "#224466", fontFamily: "Urbanist" });
    // the owner of another district is an outsider here, and the other way round
    const cross = await as(ownerB)({ method: "GET", url: `${DISTRICT}/${a.districtId}/admin` });
    expect(cross.statusCode).toBe(403);
    const crossRole = await as(ownerA)({
      method: "PATCH",
      url: `${DISTRICT}/${b.districtId}/member/${ownerB.userId}`,
      payload: { role: "Guest" },
    });
    expect(crossRole.statusCode).toBe(403);
    // the owner's role is fixed; nobody becomes a second owner
    const demote = await as(ownerA)({
      method: "PATCH",
      url: `${DISTRICT}/${a.districtId}/member/${ownerA.userId}`,
      payload: { role: "Guest" },
    });
    expect(demote.statusCode).toBe(403);
    const promote = await as(ownerA)({
      method: "PATCH",
      url: `${DISTRICT}/${a.districtId}/member/${guestA.userId}`,
      payload: { role: "Owner" },
    });
    expect(promote.statusCode).toBe(400);
    const badSettings = await as(ownerA)({
      method: "PATCH",
      url: `${DISTRICT}/${a.districtId}/admin`,
      payload: { title: "x" },
    });
    expect(badSettings.json().fields).toEqual([
      { path: "body.title", message: "at least 2 characters" },
    ]);
    const takenTitle = await as(ownerA)({
      method: "PATCH",
      url: `${DISTRICT}/${a.districtId}/admin`,
      payload: { title: "OPEN SQUARE" },
    });
    expect(takenTitle.statusCode).toBe(409);
  });

  it("owners and creators create spaces in their district; guests, outsiders and other districts' members cannot", async () => {
    const expected = { owner: 201, creator: 201, guest: 403, outsider: 403, "signed out": 401 };
    for (const [kind, user] of visitors()) {
      const response = await as(user)({
        method: "POST",
        url: `${SCENES}/scene/metadata`,
        payload: { title: `By ${kind}`, districtId: a.districtId },
      });
      expect(response.statusCode, kind).toBe(expected[kind]);
      if (response.statusCode === 403)
        expect(response.json().message).toBe(messages.district.creatorsOnly);
      if (response.statusCode === 201)
        expect(response.json()).toMatchObject({
          districtId: a.districtId,
          districtSubdomain: a.subdomain,
        });
    }
    // a creator of A can do nothing in B
    const inB = await as(creatorA)({
      method: "POST",
      url: `${SCENES}/scene/metadata`,
      payload: { title: "Elsewhere", districtId: b.districtId },
    });
    expect(inB.statusCode).toBe(403);
    const invite = await as(creatorA)({
      method: "POST",
      url: `${DISTRICT}/${b.districtId}/invite`,
      payload: { email: "x@example.test" },
    });
    expect(invite.statusCode).toBe(403);
    // nor move a space into another district afterwards
    const own = await as(creatorA)({
      method: "POST",
      url: `${SCENES}/scene/metadata`,
      payload: { title: "Mine" },
    });
    const moved = await as(creatorA)({
      method: "PATCH",
      url: `${SCENES}/scene/metadata/${own.json().sceneId}`,
      payload: { districtId: b.districtId },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields[0].message).toBe(messages.district.spaceDistrictFixed);
  });

  it("a private district's published space is its members' only, even when public itself", async () => {
    const space = await publishedSpace(t, creatorA, {
      title: "Members gallery",
      districtId: a.districtId,
    });
    const expected = { owner: 200, creator: 200, guest: 200, outsider: 403, "signed out": 403 };
    for (const [kind, user] of visitors()) {
      const card = await as(user)({
        method: "GET",
        url: `${SCENES}/publishedscene/metadata/${space.sceneId}`,
      });
      expect(card.statusCode, kind).toBe(expected[kind]);
      const content = await as(user)({
        method: "GET",
        url: `${SCENES}/publishedscene/content/${space.sceneId}`,
      });
      expect(content.statusCode, kind).toBe(expected[kind]);
      const found = await as(user)({
        method: "GET",
        url: `${SCENES}/publishedscene/metadata/search?q=members`,
      });
      const ids = found.json().map((c: { sceneId: string }) => c.sceneId);
      expect(ids.includes(space.sceneId), kind).toBe(expected[kind] === 200);
    }
  });

  it("a guest leaves, the owner removes a member, and with the membership goes the access", async () => {
    const leaver = await signUpUser(t, { name: "Leo Leaver" });
    await join(t, ownerA, a.districtId, leaver, "Guest");
    const left = await as(leaver)({
      method: "DELETE",
      url: `${DISTRICT}/${a.districtId}/member/${leaver.userId}`,
    });
    expect(left.statusCode).toBe(200);
    expect(
      (await as(leaver)({ method: "GET", url: `${DISTRICT}/${a.districtId}/full` })).statusCode,
    ).toBe(403);
    const byCreator = await as(creatorA)({
      method: "DELETE",
      url: `${DISTRICT}/${a.districtId}/member/${guestA.userId}`,
    });
    expect(byCreator.statusCode).toBe(403);
    const ownerLeaves = await as(ownerA)({
      method: "DELETE",
      url: `${DISTRICT}/${a.districtId}/member/${ownerA.userId}`,
    });
    expect(ownerLeaves.statusCode).toBe(403);
  });

  it("lists: my districts (owned) and others' districts (member of)", async () => {
    const my = await as(ownerA)({ method: "GET", url: `${DISTRICT}/my` });
    expect(my.json().map((d: { districtId: string }) => d.districtId)).toEqual([a.districtId]);
    const others = await as(creatorA)({ method: "GET", url: `${DISTRICT}/me` });
    expect(others.json()).toEqual([
      expect.objectContaining({ districtId: a.districtId, districtUserRole: "Creator" }),
    ]);
    expect((await as(null)({ method: "GET", url: `${DISTRICT}/my` })).statusCode).toBe(401);
  });
});
