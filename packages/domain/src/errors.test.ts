import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ApiErrorBodySchema,
  assertNever,
  ERROR_CODES,
  ERROR_STATUS,
  fieldErrorsFromIssues,
  isErrorCode,
} from "./errors";

describe("the API error body", () => {
  it("parses { error, message, fields }", () => {
    const body = {
      error: "validation_failed",
      message: "The request is not valid",
      fields: [{ path: "subdomain", message: 'Subdomain cannot be "www"' }],
    };
    expect(ApiErrorBodySchema.parse(body)).toEqual(body);
    expect(ApiErrorBodySchema.safeParse({ error: "x" }).success).toBe(false);
  });
  it("zod issues become dot paths", () => {
    const result = z.object({ a: z.array(z.number()) }).safeParse({ a: [1, "2"] });
    expect(fieldErrorsFromIssues(result.error?.issues ?? [])).toEqual([
      { path: "a.1", message: "Invalid input: expected number, received string" },
    ]);
  });
  it("every code has a status; 403 is forbidden, 404 not found, 409 conflict", () => {
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    expect(ERROR_STATUS.forbidden).toBe(403);
    expect(ERROR_STATUS.not_found).toBe(404);
    expect(ERROR_STATUS.conflict).toBe(409);
    expect(isErrorCode("conflict")).toBe(true);
    expect(isErrorCode("teapot")).toBe(false);
  });
  it("assertNever throws with the value", () => {
    expect(() => assertNever("x" as never, "share target")).toThrow('share target: "x"');
  });
});
