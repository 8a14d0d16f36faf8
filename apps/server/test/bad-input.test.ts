import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminCommands } from "../src/modules/accounts/admin-commands.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// Focused cases the fuzz test (fuzz.test.ts) found: each failed before its fix.

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t, { admin: true });
});
afterAll(() => t.close());

const as = (user: TestUser | null) => clientFor(t, user);
const cmsRevision = async () =>
  (
    await t.database.handle.withExclusiveSession("test", (session) =>
      session.query<{ revision: number }>("SELECT revision FROM cms_state"),
    )
  )[0]?.revision;

describe("refused requests change nothing", () => {
  it("deleting a content entry that does not exist answers 404 and leaves the content revision", async () => {
    const before = await cmsRevision();
    for (const collection of ["faqs", "glossary", "articles", "authors", "resource-categories"]) {
      const response = await as(admin)({
        method: "DELETE",
        url: `/cms/api/admin/${collection}/no-such-entry`,
      });
      expect(response.statusCode, collection).toBe(404);
    }
    expect(await cmsRevision()).toBe(before);
  });
});

describe("a multipart body that cannot be read", () => {
  // JSON bytes (one not UTF-8) sent as a form: no boundary, a boundary the body never has, an
  // empty one; before, the forms read without the upload reader's checks answered 500
  const bytes = Buffer.from([123, 34, 97, 34, 58, 34, 255, 254, 34, 125]);
  const contentTypes = [
    "multipart/form-data",
    "multipart/form-data; boundary=x",
    "multipart/form-data; boundary=",
  ];

  it("is a 400 on every call that takes a form, and changes nothing", async () => {
    await createAdminCommands(t.context.database.db).setPlan(admin.email, "pro"); // may make districts
    const calls = [
      { method: "POST" as const, url: "/api/userService/user" },
      { method: "PATCH" as const, url: `/api/userService/user/${admin.userId}` },
      { method: "POST" as const, url: "/api/userService/user-management/districts" },
    ];
    const before = (await as(admin)({ method: "GET", url: "/api/userService/user/my" })).json();
    for (const call of calls) {
      for (const contentType of contentTypes) {
        const response = await as(admin)({
          ...call,
          headers: { "content-type": contentType },
          payload: bytes,
        });
        expect(response.statusCode, `${call.method} ${call.url} ${contentType}`).toBe(400);
        expect(response.json().message).toBe("The upload could not be read");
      }
    }
    expect((await as(admin)({ method: "GET", url: "/api/userService/user/my" })).json()).toEqual(
      before,
    );
  });
});
