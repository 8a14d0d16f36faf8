import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { boxDocument, quadrantPng } from "../../../../test/support/gltf-cases.js";
import { renderModelThumbnail } from "./model-thumbnail.js";

// Issue 21 item 7: the server's drawing (for API uploads without a thumbnail) looks like the
// model: base-colour textures sampled per pixel through the UVs, vertex colours, simple light.

/** How many drawn pixels fall in each colour family (hue), out of all drawn pixels. */
async function colourShares(png: Uint8Array) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const shares = { red: 0, green: 0, blue: 0, yellow: 0, grey: 0 };
  let drawn = 0;
  for (let i = 0; i < info.width * info.height; i++) {
    const [r, g, b, a] = [0, 1, 2, 3].map((k) => data[i * info.channels + k] as number) as [
      number,
      number,
      number,
      number,
    ];
    if (a < 128) continue;
    drawn++;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    if (max - min < 40) shares.grey++;
    else if (r > 2 * b && g > 2 * b && Math.abs(r - g) < 0.35 * max) shares.yellow++;
    else if (r === max && r > 1.8 * g) shares.red++;
    else if (g === max && g > 1.5 * r) shares.green++;
    else if (b === max && b > 1.5 * r) shares.blue++;
  }
  return Object.fromEntries(Object.entries(shares).map(([name, count]) => [name, count / drawn]));
}

describe("the server's model thumbnail", { timeout: 30_000 }, () => {
  it("shows a textured box in its texture's colours, not one mean colour", async () => {
    const { document } = boxDocument({
      texture: { bytes: await quadrantPng(64), mimeType: "image/png" },
    });
    const png = await renderModelThumbnail(document);
    const shares = await colourShares(png);
    // each visible face shows the four quadrants: red, green, blue and yellow all present
    for (const colour of ["red", "green", "blue", "yellow"] as const)
      expect(shares[colour]).toBeGreaterThan(0.1);
    expect(shares.grey).toBeLessThan(0.1);
  });

  it("shows vertex colours: a box red at the top corners, blue at the bottom", async () => {
    const { document } = boxDocument({ vertexColours: true });
    const { data, info } = await sharp(await renderModelThumbnail(document))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) =>
      [0, 1, 2, 3].map((k) => data[(y * info.width + x) * info.channels + k] as number);
    // scan the middle column from the top: the first drawn pixels are red, the last blue
    const column = Array.from({ length: info.height }, (_, y) => at(info.width / 2, y)).filter(
      (pixel) => (pixel[3] as number) > 200,
    );
    const [topR, , topB] = column[4] as number[];
    const [bottomR, , bottomB] = column[column.length - 5] as number[];
    expect(topR).toBeGreaterThan(2 * (topB as number));
    expect(bottomB).toBeGreaterThan(2 * (bottomR as number));
  });

  it("lights the box: its three visible faces differ in brightness", async () => {
    const { document } = boxDocument();
    const { data, info } = await sharp(await renderModelThumbnail(document))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const levels = new Set<number>();
    for (let i = 0; i < info.width * info.height; i++) {
      if ((data[i * 4 + 3] as number) === 255) levels.add(Math.round((data[i * 4] as number) / 8));
    }
    expect(levels.size).toBeGreaterThanOrEqual(3);
  });
});
