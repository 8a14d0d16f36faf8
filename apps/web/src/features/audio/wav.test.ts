import { describe, expect, it } from "vitest";
import { encodeWav, mixDown } from "./wav";

describe("a recording as WAV", () => {
  it("writes a 16-bit PCM mono RIFF file of the samples", () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 0.5, 2]), 8000);
    const view = new DataView(wav.buffer);
    const ascii = (from: number) => String.fromCharCode(...wav.subarray(from, from + 4));
    expect(ascii(0)).toBe("RIFF");
    expect(ascii(8)).toBe("WAVE");
    expect(ascii(36)).toBe("data");
    expect(view.getUint32(4, true)).toBe(36 + 10);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint32(40, true)).toBe(10);
    expect([0, 1, 2, 3, 4].map((i) => view.getInt16(44 + i * 2, true))).toEqual([
      0, 32767, -32768, 16383, 32767,
    ]);
  });

  it("averages channels to one", () => {
    expect(Array.from(mixDown([new Float32Array([1, 0]), new Float32Array([0, 0])]))).toEqual([
      0.5, 0,
    ]);
    expect(mixDown([]).length).toBe(0);
  });
});
