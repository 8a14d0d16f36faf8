import { describe, expect, it } from "vitest";
import {
  convertLength,
  formatLength,
  formatSize,
  METRES_PER_INCH,
  scaleBar,
  toMetres,
} from "./length-units";

describe("lengths in the viewer's Units setting", () => {
  it("converts metres to inches and back", () => {
    expect(convertLength(1, "Inches")).toBeCloseTo(39.37, 2);
    expect(convertLength(2.5, "Meters")).toBe(2.5);
    expect(toMetres(100, "Inches")).toBeCloseTo(2.54);
    expect(toMetres(convertLength(3.21, "Inches"), "Inches")).toBeCloseTo(3.21, 10);
    expect(METRES_PER_INCH).toBe(0.0254);
  });

  it("writes metres with the precision their size needs", () => {
    expect(formatLength(0.35, "Meters")).toBe("0.35 m");
    expect(formatLength(1.6, "Meters")).toBe("1.6 m");
    expect(formatLength(2, "Meters")).toBe("2.0 m");
    expect(formatLength(16.4, "Meters")).toBe("16 m");
    expect(formatLength(1234.5, "Meters")).toBe("1,235 m");
  });

  it("writes inches, whole from 10 in, thousands grouped", () => {
    expect(formatLength(1, "Inches")).toBe("39 in");
    expect(formatLength(0.1143, "Inches")).toBe("4.5 in");
    expect(formatLength(16, "Inches")).toBe("630 in");
    expect(formatLength(100, "Inches")).toBe("3,937 in");
  });

  it("writes a size in one unit", () => {
    expect(formatSize(1.6, 0.9, "Meters")).toBe("1.6 × 0.9 m");
    expect(formatSize(0.6, 0.45, "Meters")).toBe("0.60 × 0.45 m");
    expect(formatSize(1.6, 1.2, "Inches")).toBe("63 × 47 in");
  });

  it("says nothing for a length that is not a number", () => {
    expect(formatLength(Number.NaN, "Meters")).toBe("");
    expect(formatSize(1, Number.POSITIVE_INFINITY, "Inches")).toBe("");
  });

  it("picks a round scale bar no longer than the room allows", () => {
    expect(scaleBar(4.2, "Meters")).toEqual({ metres: 2, label: "2 m" });
    expect(scaleBar(12, "Meters")).toEqual({ metres: 10, label: "10 m" });
    expect(scaleBar(0.7, "Meters")).toEqual({ metres: 0.5, label: "0.5 m" });
    const inches = scaleBar(4, "Inches"); // 157 in
    expect(inches.label).toBe("100 in");
    expect(inches.metres).toBeCloseTo(2.54);
    expect(scaleBar(0, "Meters")).toEqual({ metres: 0, label: "" });
  });
});
