import { describe, expect, it } from "vitest";
import { validateDistrictTitle, validateSubdomain } from "./district-validation";

const PATTERN =
  "Use only lowercase letters, numbers, and hyphens, with no spaces or special characters.";

describe("district title: required, 2 to 50 characters", () => {
  it("an empty or blank title is 'Required'", () => {
    expect(validateDistrictTitle("")).toBe("Required");
    expect(validateDistrictTitle("   ")).toBe("Required");
    expect(validateDistrictTitle(undefined)).toBe("Required");
  });
  it("one character is too short: 'at least 2 characters'", () => {
    expect(validateDistrictTitle("A")).toBe("at least 2 characters");
  });
  it("2 and 50 characters pass", () => {
    expect(validateDistrictTitle("Ab")).toBeNull();
    expect(validateDistrictTitle("a".repeat(50))).toBeNull();
  });
  it("51 characters: 'It should contain no more than 50 characters'", () => {
    expect(validateDistrictTitle("a".repeat(51))).toBe(
      "It should contain no more than 50 characters",
    );
  });
});

describe("subdomain: required, 2 to 50, lowercase letters, digits and hyphens", () => {
  it("empty is 'Required'", () => {
    expect(validateSubdomain("")).toBe("Required");
    expect(validateSubdomain(null)).toBe("Required");
  });
  it("length bounds 2 and 50", () => {
    expect(validateSubdomain("a")).toBe("at least 2 characters");
    expect(validateSubdomain("ab")).toBeNull();
    expect(validateSubdomain("a".repeat(50))).toBeNull();
    expect(validateSubdomain("a".repeat(51))).toBe("It should contain no more than 50 characters");
  });
  it("lowercase letters, digits and inner hyphens pass", () => {
    expect(validateSubdomain("my-district-2")).toBeNull();
  });
  it.each([
    ["upper case", "MyDistrict"],
    ["a space", "my district"],
    ["a special character", "my_district"],
    ["a dot", "my.district"],
    ["a leading hyphen", "-district"],
    ["a trailing hyphen", "district-"],
    ["an accented letter", "café"],
  ])("%s gives the pattern message", (_case, value) => {
    expect(validateSubdomain(value)).toBe(PATTERN);
  });
  it.each(["www", "api", "auth"])('reserved "%s": Subdomain cannot be "{value}"', (value) => {
    expect(validateSubdomain(value)).toBe(`Subdomain cannot be "${value}"`);
  });
  it("a reserved name inside a longer label is allowed", () => {
    expect(validateSubdomain("api-docs")).toBeNull();
  });
});
