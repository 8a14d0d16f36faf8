import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH, passwordMessages, passwordProblem } from "./password-policy";

const common = new Set(["password", "iloveyou"]);
const isCommon = (candidate: string) => common.has(candidate);

describe("password policy", () => {
  it("accepts a long enough, uncommon password of any composition", () => {
    expect(passwordProblem("correct horse battery staple", { isCommon })).toBeNull();
    expect(passwordProblem("alllowercase", { isCommon })).toBeNull();
  });

  it("needs at least 8 characters, counted as people see them", () => {
    expect(passwordProblem("short", { isCommon })).toBe(passwordMessages.tooShort);
    expect(passwordProblem("😀😀😀😀", { isCommon })).toBe(passwordMessages.tooShort);
    expect(passwordProblem("😀😀😀😀😀😀😀😀", { isCommon })).toBeNull();
    expect(passwordProblem("x".repeat(PASSWORD_MAX_LENGTH + 1), { isCommon })).toBe(
      passwordMessages.tooLong,
    );
  });

  it("refuses a common password whatever its case", () => {
    expect(passwordProblem("PassWord", { isCommon })).toBe(passwordMessages.common);
    expect(passwordProblem("iloveyou", { isCommon })).toBe(passwordMessages.common);
  });

  it("refuses the account's own e-mail or name", () => {
    const context = { isCommon, email: "grace.hopper@example.test", name: "Grace Hopper" };
    expect(passwordProblem("Grace.Hopper@example.test", context)).toBe(passwordMessages.personal);
    expect(passwordProblem("grace.hopper", context)).toBe(passwordMessages.personal);
    expect(passwordProblem("grace hopper", context)).toBe(passwordMessages.personal);
  });
});
