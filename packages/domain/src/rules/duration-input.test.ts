import { describe, expect, it } from "vitest";
import {
  clampTimePart,
  durationToSeconds,
  filterDurationDigits,
  formatDuration,
  padDurationPart,
  parseDuration,
  validateMinDuration,
} from "./duration-input";

describe("duration input (minutes:seconds)", () => {
  it("digits only", () => {
    expect(filterDurationDigits("1a2-")).toBe("12");
  });
  it("minutes and seconds above 59 become 59 (time input max 59 per part)", () => {
    expect(clampTimePart("75")).toBe(59);
    expect(clampTimePart(60)).toBe(59);
    expect(clampTimePart("59")).toBe(59);
    expect(clampTimePart("7")).toBe(7);
    expect(clampTimePart("")).toBe(0);
    expect(parseDuration("99:99")).toBe(3599);
  });
  it("a value above 3599 seconds becomes 59:59", () => {
    expect(formatDuration(3600)).toBe("59:59");
    expect(formatDuration(100_000)).toBe("59:59");
    expect(parseDuration("4000")).toBe(3599);
  });
  it("a single digit is zero-padded on blur", () => {
    expect(padDurationPart("5")).toBe("05");
    expect(padDurationPart("12")).toBe("12");
    expect(padDurationPart("")).toBe("");
  });
  it("the total is in seconds", () => {
    expect(durationToSeconds({ minutes: 2, seconds: 5 })).toBe(125);
    expect(parseDuration("02:05")).toBe(125);
    expect(parseDuration("2:5")).toBe(125);
    expect(parseDuration("45")).toBe(45);
    expect(formatDuration(125)).toBe("02:05");
    expect(formatDuration(0)).toBe("00:00");
    expect(formatDuration(-3)).toBe("00:00");
  });
});

describe("minimum duration: 'Duration > {min}' (default 3)", () => {
  it("3 seconds is not more than the default 3", () => {
    expect(validateMinDuration(3)).toBe("Duration > 3");
    expect(validateMinDuration(4)).toBeNull();
  });
  it("a custom minimum", () => {
    expect(validateMinDuration(10, 10)).toBe("Duration > 10");
    expect(validateMinDuration(11, 10)).toBeNull();
  });
});
