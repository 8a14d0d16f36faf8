import { describe, expect, it } from "vitest";
import {
  imageAspect,
  keepsProportions,
  mendedPictureScale,
  pictureScaleForWidth,
  pictureSize,
  proportionalScale,
  shownPictureSize,
} from "./picture-size";

describe("a picture's size", () => {
  it("follows its image's aspect, the longest side being the default size", () => {
    expect(pictureSize({ width: 1024, height: 768 }, 1)).toEqual([1, 0.75]);
    expect(pictureSize({ width: 600, height: 900 }, 1.5)).toEqual([1, 1.5]);
    expect(pictureSize({ width: 500, height: 500 }, 2)).toEqual([2, 2]);
  });

  it("counts an unknown size as 16:9", () => {
    expect(imageAspect({})).toBeCloseTo(16 / 9);
    expect(imageAspect({ width: 0, height: 10 })).toBeCloseTo(16 / 9);
    expect(pictureSize({ width: null, height: null }, 1.6)).toEqual([1.6, 0.9]);
  });

  it("is shown grown by the scale, in the image's proportions when the scale keeps them", () => {
    const image = { width: 768, height: 576 };
    const [width, height] = shownPictureSize(image, 1, pictureScaleForWidth(image, 1, 1.6));
    expect(width).toBeCloseTo(1.6);
    expect(height).toBeCloseTo(1.2);
    expect(width / height).toBeCloseTo(imageAspect(image));
  });

  it("the seed's old scale stretched a 4:3 picture to 1.6 x 0.9 m; mending keeps the width", () => {
    const image = { width: 768, height: 576 };
    const stretched = shownPictureSize(image, 1, [1.6, 1.2, 1]);
    expect(stretched[0]).toBeCloseTo(1.6);
    expect(stretched[1]).toBeCloseTo(0.9);
    expect(keepsProportions([1.6, 1.2, 1])).toBe(false);
    const mended = mendedPictureScale([1.6, 1.2, 1]);
    expect(mended).toEqual([1.6, 1.6, 1]);
    const [width, height] = shownPictureSize(image, 1, mended);
    expect(width / height).toBeCloseTo(4 / 3);
  });

  it("scales width and height alike, following the axis the creator moved", () => {
    expect(proportionalScale([1, 1, 1], [2, 1, 1])).toEqual([2, 2, 1]);
    expect(proportionalScale([1, 1, 1], [1, 0.5, 3])).toEqual([0.5, 0.5, 3]);
    expect(proportionalScale([2, 2, 1], [3, 3, 1])).toEqual([3, 3, 1]);
    expect(keepsProportions([1.0000001, 1, 5])).toBe(true);
  });
});
