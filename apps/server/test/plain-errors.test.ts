import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";

// A 400 names the field and says what is wrong in plain words or the spec's messages
// (packages/domain/src/rules/plain-issues.ts), never zod's own wording.

const ZOD_WORDING = /too small|too big|expected (string|number)|invalid input|>=|<=/i;

describe("form errors in plain words", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUp = (payload: Record<string, unknown>, address: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      headers: { origin: t.context.config.publicUrl },
      remoteAddress: address,
      payload,
    });

  it("sign-up with an empty name, a short password and a bad e-mail", async () => {
    const response = await signUp(
      { email: "not an address", password: "short", name: "   " },
      "10.77.0.1",
    );
    expect(response.statusCode).toBe(400);
    const fields = response.json().fields as { path: string; message: string }[];
    const byPath = Object.fromEntries(fields.map((field) => [field.path, field.message]));
    expect(byPath["body.name"]).toBe("Required");
    expect(byPath["body.email"]).toBe("Please provide a valid email address");
    expect(byPath["body.password"]).toMatch(/^Must be at least \d+ characters$/);
    for (const field of fields) expect(field.message).not.toMatch(ZOD_WORDING);
    expect(response.json().message).toMatch(/^body\.\w+: /);
    expect(response.json().message).not.toMatch(ZOD_WORDING);
  });

  it("a missing field is 'Required', a too long one says the limit", async () => {
    const missing = await signUp(
      { email: "a@example.test", password: "x".repeat(20) },
      "10.77.0.2",
    );
    expect(missing.json().fields).toContainEqual({ path: "body.name", message: "Required" });
    const long = await signUp(
      { email: "b@example.test", password: "x".repeat(20), name: "n".repeat(101) },
      "10.77.0.3",
    );
    expect(long.json().fields).toContainEqual({
      path: "body.name",
      message: "It should contain no more than 100 characters",
    });
  });
});
