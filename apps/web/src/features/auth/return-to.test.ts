import { describe, expect, it } from "vitest";
import { loginPath, safeReturnTo } from "./return-to";

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
});
