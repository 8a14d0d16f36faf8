import { describe, expect, it } from "vitest";
import { guardPath, loginPath, safeReturnTo, signUpPath } from "./return-to";

describe("return after sign-in", () => {
  it("follows same-site paths only", () => {
    expect(safeReturnTo("/user/me/spaces/published")).toBe("/user/me/spaces/published");
    expect(safeReturnTo("//evil.example")).toBe("/");
    expect(safeReturnTo("https://evil.example")).toBe("/");
    expect(safeReturnTo("/\\evil.example")).toBe("/");
    expect(safeReturnTo(null, "/user/me")).toBe("/user/me");
  });

  it("builds the sign-in link", () => {
    expect(loginPath("/settings")).toBe("/login?returnTo=%2Fsettings");
    expect(loginPath("/")).toBe("/login");
  });

  it("sends a visitor who starts making something to sign up, others to sign in", () => {
    expect(signUpPath("/curate")).toBe("/login?mode=signup&returnTo=%2Fcurate");
    expect(signUpPath()).toBe("/login?mode=signup");
    expect(guardPath("/curate")).toBe("/login?mode=signup&returnTo=%2Fcurate");
    expect(guardPath("/curate/abc?x=1")).toBe(
      "/login?mode=signup&returnTo=%2Fcurate%2Fabc%3Fx%3D1",
    );
    expect(guardPath("/settings")).toBe("/login?returnTo=%2Fsettings");
    expect(guardPath("/curated")).toBe("/login?returnTo=%2Fcurated");
  });
});
