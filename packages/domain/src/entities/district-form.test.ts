import { describe, expect, it } from "vitest";
import { parseDistrictStyles } from "./district";
import { DistrictFormSchema } from "./district-form";

const issues = (input: unknown) => {
  const result = DistrictFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
};

describe("district form values", () => {
  it("public is the string 'true' or 'false', default 'true'", () => {
    const parsed = DistrictFormSchema.parse({ title: "Museum Row", subdomain: "museum-row" });
    expect(parsed).toEqual({
      title: "Museum Row",
      subdomain: "museum-row",
      public: "true",
      freeSpaceTemplateId: null,
    });
    expect(issues({ title: "Ab", subdomain: "ab", public: true })).toEqual([
      ["public", "Required"],
    ]);
  });
  it("title and subdomain use the rules' exact messages", () => {
    expect(issues({ title: "A", subdomain: "www" })).toEqual([
      ["title", "at least 2 characters"],
      ["subdomain", 'Subdomain cannot be "www"'],
    ]);
    expect(issues({ subdomain: "My District" })).toEqual([
      ["title", "Required"],
      [
        "subdomain",
        "Use only lowercase letters, numbers, and hyphens, with no spaces or special characters.",
      ],
    ]);
  });
});

describe("district styles: a JSON string with theme and fontFamily", () => {
  it("parses the JSON", () => {
    expect(parseDistrictStyles('{"theme":"dark","fontFamily":"Urbanist","accent":"#fff"}')).toEqual(
      { theme: "dark", fontFamily: "Urbanist", accent: "#fff" },
    );
  });
  it("malformed styles read as none", () => {
    expect(parseDistrictStyles("{theme")).toEqual({});
    expect(parseDistrictStyles('{"theme":3}')).toEqual({});
  });
});
