import { describe, expect, it } from "vitest";
import { formatBytes } from "./format-bytes";

describe("bytes formatting units Bytes to YB", () => {
  it("0 and below 1024 are Bytes", () => {
    expect(formatBytes(0)).toBe("0 Bytes");
    expect(formatBytes(1023)).toBe("1023 Bytes");
  });
  it("the default file max (3 MB) and the model max (4194304)", () => {
    expect(formatBytes(3 * 1024 * 1024)).toBe("3 MB");
    expect(formatBytes(4_194_304)).toBe("4 MB");
  });
  it("decimals, trailing zeros dropped", () => {
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(1_234_567)).toBe("1.18 MB");
    expect(formatBytes(1_234_567, 0)).toBe("1 MB");
  });
  it.each([
    [1024 ** 3, "1 GB"],
    [1024 ** 4, "1 TB"],
    [1024 ** 5, "1 PB"],
    [1024 ** 6, "1 EB"],
    [1024 ** 7, "1 ZB"],
    [1024 ** 8, "1 YB"],
  ])("%d -> %s", (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });
  it("negative or non-finite sizes show 0 Bytes", () => {
    expect(formatBytes(-5)).toBe("0 Bytes");
    expect(formatBytes(Number.NaN)).toBe("0 Bytes");
  });
});
