import { describe, expect, it } from "vitest";
import { isLastPage, PageRequestSchema, pageOffset } from "./page-request";

describe("page-of-results request", () => {
  it("cp from 0, ipp default 9", () => {
    expect(PageRequestSchema.parse({})).toEqual({ cp: 0, ipp: 9 });
  });
  it("query strings are coerced", () => {
    expect(PageRequestSchema.parse({ cp: "2", ipp: "20" })).toEqual({ cp: 2, ipp: 20 });
  });
  it("ipp is capped at 60, cp cannot be negative", () => {
    expect(PageRequestSchema.safeParse({ ipp: 60 }).success).toBe(true);
    expect(PageRequestSchema.safeParse({ ipp: 61 }).success).toBe(false);
    expect(PageRequestSchema.safeParse({ cp: -1 }).success).toBe(false);
    expect(PageRequestSchema.safeParse({ ipp: 0 }).success).toBe(false);
  });
  it("offset, and the last page is an empty or short one", () => {
    expect(pageOffset({ cp: 2, ipp: 9 })).toBe(18);
    expect(isLastPage(0, { cp: 0, ipp: 9 })).toBe(true);
    expect(isLastPage(8, { cp: 0, ipp: 9 })).toBe(true);
    expect(isLastPage(9, { cp: 0, ipp: 9 })).toBe(false);
  });
});
