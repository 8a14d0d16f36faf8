import { describe, expect, it } from "vitest";
import { sniffImageFormat } from "./sniff.js";

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(
    values.flatMap((value) =>
      typeof value === "string" ? [...value].map((c) => c.charCodeAt(0)) : [value],
    ),
  );

describe("image formats are recognised by content", () => {
  it("knows the accepted formats by their magic bytes", () => {
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffImageFormat(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a))).toBe("png");
    expect(sniffImageFormat(bytes("GIF89a"))).toBe("gif");
    expect(sniffImageFormat(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("webp");
    expect(sniffImageFormat(bytes(0, 0, 0, 0x1c, "ftypavif"))).toBe("avif");
  });

  it("refuses anything else, whatever it claims to be", () => {
    expect(sniffImageFormat(bytes("<svg xmlns"))).toBeNull();
    expect(sniffImageFormat(bytes("%PDF-1.7"))).toBeNull();
    expect(sniffImageFormat(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffImageFormat(new Uint8Array())).toBeNull();
  });
});
