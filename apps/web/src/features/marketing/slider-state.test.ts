import { describe, expect, it } from "vitest";
import { createSliderGate, wrapIndex } from "./slider-state";

describe("the image slider", () => {
  it("moves left and right with wraparound over the list", () => {
    expect(wrapIndex(0, 1, 5)).toBe(1);
    expect(wrapIndex(4, 1, 5)).toBe(0);
    expect(wrapIndex(0, -1, 5)).toBe(4);
    expect(wrapIndex(2, 3, 5)).toBe(0);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });

  it("ignores clicks while a 0.5 s transition runs", () => {
    const gate = createSliderGate(500);
    expect(gate.tryStart(1000)).toBe(true);
    expect(gate.tryStart(1200)).toBe(false);
    expect(gate.tryStart(1499)).toBe(false);
    expect(gate.tryStart(1500)).toBe(true);
  });

  it("a transition that ends early opens the gate", () => {
    const gate = createSliderGate(500);
    gate.tryStart(0);
    gate.release();
    expect(gate.tryStart(10)).toBe(true);
  });
});
