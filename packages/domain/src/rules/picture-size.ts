import type { Vec3 } from "../scene/geometry";

// One rule for a picture's size on a wall: the image's own aspect decides the shape, the asset's
// default size (metres) the longest side, and the item's scale grows or shrinks the whole
// picture. Width and height of the scale always move together, so no picture is ever stretched.

/** An image's pixel size; missing or zero sizes count as 16:9 (a video frame, a broken file). */
export interface ImageSize {
  width?: number | null;
  height?: number | null;
}

const FALLBACK_ASPECT = 16 / 9;
/** Relative difference below which two lengths count as equal (rounding in stored documents). */
const TOLERANCE = 1e-3;

/** width / height of an image, or 16:9 when its size is unknown. */
export function imageAspect(image: ImageSize): number {
  const { width, height } = image;
  return width && height && width > 0 && height > 0 ? width / height : FALLBACK_ASPECT;
}

/** The plane (width, height in metres) of a picture at scale 1: its longest side is `longest`. */
export function pictureSize(image: ImageSize, longest: number): [number, number] {
  const known = image.width && image.height && image.width > 0 && image.height > 0;
  const width = known ? (image.width as number) : 16;
  const height = known ? (image.height as number) : 9;
  return width >= height
    ? [longest, (longest * height) / width]
    : [(longest * width) / height, longest];
}

/** The size a picture is shown at: the plane of its image grown by the item's scale. */
export function shownPictureSize(image: ImageSize, longest: number, scale: Vec3): [number, number] {
  const [width, height] = pictureSize(image, longest);
  return [width * scale[0], height * scale[1]];
}

/** Whether a scale keeps a picture's proportions (width and height scaled alike). */
export function keepsProportions(scale: Vec3): boolean {
  return Math.abs(scale[0] - scale[1]) <= TOLERANCE * Math.max(scale[0], scale[1]);
}

/**
 * A picture's next scale when the editor (gizmo or inspector) asks for `next`: width and height
 * scale alike, following the axis that changed most from `previous` (the one the creator moved);
 * depth is kept as asked. A scale that already keeps proportions is returned as is.
 */
export function proportionalScale(previous: Vec3, next: Vec3): Vec3 {
  if (keepsProportions(next)) return [next[0], next[1], next[2]];
  const changeX = Math.abs(Math.log(next[0] / previous[0]));
  const changeY = Math.abs(Math.log(next[1] / previous[1]));
  const uniform = changeY > changeX ? next[1] : next[0];
  return [uniform, uniform, next[2]];
}

/**
 * The scale a stored picture is mended to when its width and height were scaled apart: the width
 * stays (it is what was laid out along the wall), the height follows the image. The SQL migration
 * 0650_picture_proportions does the same to stored documents.
 */
export function mendedPictureScale(scale: Vec3): Vec3 {
  return keepsProportions(scale) ? [scale[0], scale[1], scale[2]] : [scale[0], scale[0], scale[2]];
}

/** The scale that shows a picture `width` metres wide, in its own proportions. */
export function pictureScaleForWidth(image: ImageSize, longest: number, width: number): Vec3 {
  const [planeWidth] = pictureSize(image, longest);
  const factor = width / planeWidth;
  return [factor, factor, 1];
}
