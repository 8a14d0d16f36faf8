import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
