import { describe, expect, it } from "vitest";
import { canCreateDraft, draftLimit } from "./drafts-limit";

describe("drafts limit per plan: Free 2, Standard 5, Pro unlimited", () => {
  it("limits", () => {
    expect(draftLimit("free")).toBe(2);
    expect(draftLimit("standard")).toBe(5);
    expect(draftLimit("pro")).toBeNull();
  });
  it("Free: a second draft fits, a third does not", () => {
    expect(canCreateDraft("free", 1)).toBe(true);
    expect(canCreateDraft("free", 2)).toBe(false);
  });
  it("Standard: up to 5 drafts", () => {
    expect(canCreateDraft("standard", 4)).toBe(true);
    expect(canCreateDraft("standard", 5)).toBe(false);
  });
  it("Pro: unlimited drafts", () => {
    expect(canCreateDraft("pro", 10_000)).toBe(true);
  });
});
