import { describe, expect, it } from "vitest";
import {
  filterColourInput,
  isValidColour,
  isValidHexColour,
  isValidHslColour,
  isValidRgbColour,
} from "./colour-input";

describe("colour input filtering", () => {
  it("hex: hex characters and # only", () => {
    expect(filterColourInput("#3dAbFz-9!", "hex")).toBe("#3dAbF9");
  });
  it("rgb: digits and comma", () => {
    expect(filterColourInput("rgb(61, 171, 255)", "rgb")).toBe("61,171,255");
  });
  it("hsl: digits, comma, space and %", () => {
    expect(filterColourInput("hsl(206, 100%, 62%)", "hsl")).toBe("206, 100%, 62%");
  });
});

describe("hex with 3, 6 or 8 digits", () => {
  it.each(["#3DABFF", "#fff", "#3dabff80", "3DABFF"])("%s is valid", (value) => {
    expect(isValidHexColour(value)).toBe(true);
  });
  it.each(["#ff", "#ffff", "#fffff", "#fffffff", "#ggg", "#3DABFF800", ""])(
    "%s is not",
    (value) => {
      expect(isValidHexColour(value)).toBe(false);
    },
  );
});

describe("rgb/rgba channels 0-255 and alpha 0-1", () => {
  it.each([
    "0,0,0",
    "255,255,255",
    "rgb(61, 171, 255)",
    "rgba(61,171,255,0.5)",
    "1,2,3,1",
    "1,2,3,0",
  ])("%s is valid", (value) => {
    expect(isValidRgbColour(value)).toBe(true);
  });
  it.each(["256,0,0", "0,0", "0,0,0,1.1", "rgb(1,2,3,4,5)", "-1,0,0", "1.5,2,3", "hsl(1,2,3)"])(
    "%s is not",
    (value) => {
      expect(isValidRgbColour(value)).toBe(false);
    },
  );
});

describe("hsl/hsla hue 0-360, saturation and lightness 0-100, alpha 0-1", () => {
  it.each(["0, 0%, 0%", "360, 100%, 100%", "hsl(206, 100%, 62%)", "hsla(206,100,62,0.4)"])(
    "%s is valid",
    (value) => {
      expect(isValidHslColour(value)).toBe(true);
    },
  );
  it.each(["361, 50%, 50%", "200, 101%, 50%", "200, 50%, 101%", "200, 50%, 50%, 2", "200, 50%"])(
    "%s is not",
    (value) => {
      expect(isValidHslColour(value)).toBe(false);
    },
  );
  it("isValidColour dispatches by format", () => {
    expect(isValidColour("#fff", "hex")).toBe(true);
    expect(isValidColour("#fff", "rgb")).toBe(false);
    expect(isValidColour("10, 10%, 10%", "hsl")).toBe(true);
  });
});
