import type { Metadata, Sharp } from "sharp";
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from "../../errors.js";
import { loadSharp } from "../../infra/packages.js";
import { type ImageFormat, sniffImageFormat } from "./sniff.js";

/** Decompression-bomb guard: no image over this many pixels is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;

/** A crop in pixels of the image after `rotation` (what react-easy-crop reports). */
export interface ImageCrop {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Degrees clockwise, 0 to 360. */
  rotation: number;
}

export interface ImageProcessingOptions {
  crop?: ImageCrop | null;
  /** The stored image fits within this box (never enlarged). */
  maxWidth: number;
  maxHeight: number;
  /** Sized variants (the longest side in pixels) for thumbnails. */
  variantSizes: readonly number[];
}

export interface EncodedImage {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export interface ProcessedImage extends EncodedImage {
  sourceFormat: ImageFormat;
  variants: (EncodedImage & { size: number })[];
}

const OUTPUT = { contentType: "image/webp", quality: 86 } as const;

/**
 * Checks an uploaded image by its content, decodes it within the pixel limit, applies the
 * EXIF orientation and the user's crop, and re-encodes it (dropping every metadata block:
 * location, camera, comments) with its thumbnails.
 */
export async function processImage(
  input: Buffer,
  options: ImageProcessingOptions,
): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const sourceFormat = sniffImageFormat(input.subarray(0, 32));
  if (!sourceFormat) {
    throw new UnsupportedMediaTypeError("The file is not an image (JPEG, PNG, GIF, WebP or AVIF)");
  }
  const decodeOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const;
  let metadata: Metadata;
  try {
    // reading the header decodes no pixels: the size check comes before any decoding
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedMediaTypeError("The image could not be read");
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new PayloadTooLargeError("The image has too many pixels");
  }

  try {
    // stage 1: orientation and rotation to raw pixels, so the crop applies to what the user saw
    const { data, info } = await sharp(input, decodeOptions)
      .autoOrient()
      .rotate(options.crop?.rotation ?? 0, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const region = options.crop ? clampCrop(options.crop, info.width, info.height) : null;

    const base = () => {
      const pipeline = sharp(data, raw);
      return region ? pipeline.extract(region) : pipeline;
    };
    const main = await encode(
      base().resize(options.maxWidth, options.maxHeight, {
        fit: "inside",
        withoutEnlargement: true,
      }),
    );
    const variants = await Promise.all(
      options.variantSizes.map(async (size) => ({
        size,
        ...(await encode(
          sharp(main.data).resize(size, size, { fit: "inside", withoutEnlargement: true }),
        )),
      })),
    );
    return { ...main, sourceFormat, variants };
  } catch (error) {
    if (error instanceof BadRequestError) throw error;
    throw new UnsupportedMediaTypeError("The image could not be read");
  }
}

async function encode(pipeline: Sharp): Promise<EncodedImage> {
  const { data, info } = await pipeline
    .webp({ quality: OUTPUT.quality })
    .toBuffer({ resolveWithObject: true });
  return { data, contentType: OUTPUT.contentType, width: info.width, height: info.height };
}

/** The crop inside the image, in whole pixels; an empty or absurd crop is refused. */
export function clampCrop(crop: ImageCrop, width: number, height: number) {
  const left = Math.max(0, Math.round(crop.x));
  const top = Math.max(0, Math.round(crop.y));
  const right = Math.min(width, Math.round(crop.x + crop.width));
  const bottom = Math.min(height, Math.round(crop.y + crop.height));
  if (right - left < 1 || bottom - top < 1) {
    throw new BadRequestError("The crop is outside the image", [
      { path: "body.crop", message: "The crop is outside the image" },
    ]);
  }
  return { left, top, width: right - left, height: bottom - top };
}
