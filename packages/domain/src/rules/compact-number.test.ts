import { describe, expect, it } from "vitest";
import { formatCompactNumber } from "./compact-number";

describe("compact number format", () => {
  it("below 1000 shown as is", () => {
    expect(formatCompactNumber(0)).toBe("0");
    expect(formatCompactNumber(7)).toBe("7");
    expect(formatCompactNumber(999)).toBe("999");
  });
  it("1000 -> '1K' (trailing zeros removed)", () => {
    expect(formatCompactNumber(1000)).toBe("1K");
  });
  it("1500 -> '1.5K' (1 decimal)", () => {
    expect(formatCompactNumber(1500)).toBe("1.5K");
  });
  it("one decimal, rounded half-up", () => {
    expect(formatCompactNumber(1549)).toBe("1.5K");
    expect(formatCompactNumber(1550)).toBe("1.6K");
    expect(formatCompactNumber(1949)).toBe("1.9K");
    expect(formatCompactNumber(1999)).toBe("2K");
  });
  it("rounding edge: 999999 is '1M', never '1000K'; 999949 stays '999.9K'", () => {
    expect(formatCompactNumber(999_949)).toBe("999.9K");
    expect(formatCompactNumber(999_999)).toBe("1M");
  });
  it.each([
    [1_000_000, "1M"],
    [2_500_000_000, "2.5B"],
    [1e12, "1T"],
    [1e15, "1P"],
    [1e18, "1E"],
    [1e21, "1Z"],
    [1e24, "1Y"],
  ])("suffixes K, M, B, T, P, E, Z, Y: %d -> %s", (value, expected) => {
    expect(formatCompactNumber(value)).toBe(expected);
  });
  it("past Y the number grows in Y", () => {
    expect(formatCompactNumber(1e27)).toBe("1000Y");
  });
  it("negative numbers keep their sign", () => {
    expect(formatCompactNumber(-1500)).toBe("-1.5K");
    expect(formatCompactNumber(-5)).toBe("-5");
  });
});
