import { describe, expect, it } from "vitest";
import { isUntitledTitle, untitledSpaceTitle } from "./untitled-space";

const date = new Date("2025-11-21T15:04:05Z");

describe("'Untitled space' plus the local date and time", () => {
  it("en-US in UTC", () => {
    // newer ICU versions put a narrow no-break space before PM
    const title = untitledSpaceTitle(date, "en-US", "UTC").replace(/\u202f/g, " ");
    expect(title).toBe("Untitled space 11/21/2025 3:04:05 PM");
  });
  it("de-DE in Berlin", () => {
    expect(untitledSpaceTitle(date, "de-DE", "Europe/Berlin")).toBe(
      "Untitled space 21.11.2025 16:04:05",
    );
  });
  it("uses the machine's locale and time zone by default", () => {
    expect(untitledSpaceTitle(date)).toBe(
      `Untitled space ${date.toLocaleDateString()} ${date.toLocaleTimeString()}`,
    );
  });
});

describe("a title matching that pattern counts as no title", () => {
  it.each(["en-US", "de-DE", "fr-FR", "ja-JP", "ko-KR", "ar-EG", "hi-IN"])(
    "a generated %s title is untitled",
    (locale) => {
      expect(isUntitledTitle(untitledSpaceTitle(date, locale, "UTC"))).toBe(true);
    },
  );
  it("empty, blank and missing titles are untitled", () => {
    expect(isUntitledTitle("")).toBe(true);
    expect(isUntitledTitle("   ")).toBe(true);
    expect(isUntitledTitle(undefined)).toBe(true);
    expect(isUntitledTitle("Untitled space")).toBe(true);
  });
  it("real titles are titles, even ones that start like the pattern", () => {
    expect(isUntitledTitle("My gallery")).toBe(false);
    expect(isUntitledTitle("Untitled space 2")).toBe(false);
    expect(isUntitledTitle("Untitled space in Paris")).toBe(false);
    expect(isUntitledTitle("Untitled spaces 11/21/2025 3:04:05 PM")).toBe(false);
  });
});
