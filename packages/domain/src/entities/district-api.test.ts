import { describe, expect, it } from "vitest";
import {
  CreateDistrictRequestSchema,
  DistrictSettingsPatchSchema,
  GroupInputSchema,
} from "./district-api";

const issues = (schema: { safeParse: (input: unknown) => unknown }, input: unknown) => {
  const result = schema.safeParse(input) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  return result.success
    ? []
    : (result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);
};

describe("create district request: the wizard's messages on the server", () => {
  it("accepts the form's string booleans and JSON booleans", () => {
    const fromForm = CreateDistrictRequestSchema.parse({
      title: "Museum Row",
      subdomain: "museum-row",
      public: "false",
      visible: "true",
      freeSpaceTemplateId: "tpl-1",
    });
    expect(fromForm).toEqual({
      title: "Museum Row",
      subdomain: "museum-row",
      public: false,
      visible: true,
      listed: true,
      freeSpaceTemplateId: "tpl-1",
    });
    expect(
      CreateDistrictRequestSchema.parse({
        title: "Ab",
        subdomain: "ab",
        public: true,
        freeSpaceTemplateId: "t",
      }).public,
    ).toBe(true);
  });
  it("names each field with the spec's message", () => {
    expect(
      issues(CreateDistrictRequestSchema, { title: "A", subdomain: "api", public: "maybe" }),
    ).toEqual([
      ["title", "at least 2 characters"],
      ["subdomain", 'Subdomain cannot be "api"'],
      ["public", "Required"],
      ["freeSpaceTemplateId", "You need to select your free premade space in order to continue."],
    ]);
    expect(
      issues(CreateDistrictRequestSchema, {
        title: "Museum",
        subdomain: "Museum",
        freeSpaceTemplateId: "",
      }),
    ).toEqual([
      [
        "subdomain",
        "Use only lowercase letters, numbers, and hyphens, with no spaces or special characters.",
      ],
      ["freeSpaceTemplateId", "You need to select your free premade space in order to continue."],
    ]);
  });
});

describe("settings and groups", () => {
  it("a settings title follows the title rule; styles take a hex theme colour", () => {
    expect(issues(DistrictSettingsPatchSchema, { title: "x".repeat(51) })).toEqual([
      ["title", "It should contain no more than 50 characters"],
    ]);
    expect(issues(DistrictSettingsPatchSchema, { styles: { theme: "red" } })).toHaveLength(1);
    expect(
      DistrictSettingsPatchSchema.parse({ styles: { theme: "#112233", fontFamily: "Urbanist" } }),
    ).toEqual({ styles: { theme: "#112233", fontFamily: "Urbanist" } });
  });
  it("a group needs a title", () => {
    expect(issues(GroupInputSchema, { title: "  " })).toEqual([["title", "Required"]]);
    expect(GroupInputSchema.parse({ title: "Curators" })).toEqual({
      districtId: null,
      title: "Curators",
      description: "",
      image: null,
      members: [],
    });
  });
});
