import { describe, expect, it } from "vitest";
import { z } from "zod";
import { plainIssueMessage } from "./plain-issues";

const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value, { error: plainIssueMessage }).error?.issues[0]?.message;

describe("schema problems in plain words", () => {
  it("says 'Required' for a missing or empty value, never zod's wording", () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toBe("Required");
    expect(messageOf(z.string().min(1), "")).toBe("Required");
    expect(messageOf(z.string().min(1), "")).not.toMatch(/too small|expected|>=/i);
  });

  it("uses the spec's length messages", () => {
    expect(messageOf(z.string().min(8), "short")).toBe("Must be at least 8 characters");
    expect(messageOf(z.string().max(3), "longer")).toBe(
      "It should contain no more than 3 characters",
    );
  });

  it("words numbers, lists, formats, choices and unknown fields", () => {
    expect(messageOf(z.number().min(0), -1)).toBe("Must be 0 or more");
    expect(messageOf(z.number().max(10), 11)).toBe("Must be 10 or less");
    expect(messageOf(z.number(), "two")).toBe("Must be a number");
    expect(messageOf(z.array(z.string()).max(1), ["a", "b"])).toBe("No more than 1 item");
    expect(messageOf(z.array(z.string()).max(2), ["a", "b", "c"])).toBe("No more than 2 items");
    expect(messageOf(z.email(), "not an address")).toBe("Please provide a valid email address");
    expect(messageOf(z.enum(["a", "b"]), "c")).toBe("Must be one of: a, b");
    expect(messageOf(z.strictObject({}), { x: 1 })).toBe("Unknown field: x");
    expect(messageOf(z.strictObject({}), { x: 1, y: 2 })).toBe("Unknown fields: x, y");
  });

  it("keeps a schema's own message", () => {
    expect(messageOf(z.string().min(1, "Give the space a title"), "")).toBe(
      "Give the space a title",
    );
  });
});
