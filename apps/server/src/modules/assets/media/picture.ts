import { assetMessages } from "@atrium/domain";
import type { Metadata } from "sharp";
import { loadSharp } from "../../../infra/packages.js";
import { isImageKind, sniff } from "../sniff.js";
import { UploadRejected } from "../upload-rejected.js";

// Pictures: the type from the bytes (PNG, JPEG, GIF, WebP; SVG refused, as it can carry
// script), the pixel count checked from the header before anything is decoded (decompression
// bombs), then re-encoded without metadata (EXIF, GPS, ICC comments) in three sizes. The
// upload itself is not kept: its metadata is what must not be published.

export const PICTURE_MAX_PIXELS = 40_000_000;
export const PICTURE_SIZES = { full: 4096, display: 2048, thumbnail: 512 } as const;

export interface PictureVariant {
  bytes: Uint8Array;
  contentType: string;
  width: number;
  height: number;
}

export interface ProcessedPicture {
  width: number;
  height: number;
  hasAlpha: boolean;
  full: PictureVariant;
  display: PictureVariant;
  thumbnail: PictureVariant;
}

export function assertPictureContent(name: string, bytes: Uint8Array) {
  if (bytes.length === 0) throw new UploadRejected(assetMessages.emptyFile, { file: name });
  const kind = sniff(bytes);
  if (kind === "svg") throw new UploadRejected(assetMessages.svgRefused, { file: name });
  if (!isImageKind(kind)) {
    throw new UploadRejected(assetMessages.wrongContent, {
      file: name,
      expected: "a PNG, JPEG, GIF or WebP picture",
    });
  }
  return kind;
}

export async function processPicture(
  name: string,
  bytes: Uint8Array,
  maxPixels = PICTURE_MAX_PIXELS,
): Promise<ProcessedPicture> {
  const sharp = await loadSharp();
  const kind = assertPictureContent(name, bytes);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadRejected(assetMessages.unreadableImage, { file: name });
  }
  const { width = 0, height = 0 } = metadata;
  if (width === 0 || height === 0)
    throw new UploadRejected(assetMessages.unreadableImage, { file: name });
  if (width * height > maxPixels) {
    throw new UploadRejected(assetMessages.imageTooManyPixels, {
      file: name,
      limit: maxPixels.toLocaleString("en"),
    });
  }
  const hasAlpha = metadata.hasAlpha === true;
  const variant = async (maxSide: number, quality: number): Promise<PictureVariant> => {
    // first frame only, turned upright by its EXIF orientation; sharp writes no metadata
    const pipeline = sharp(bytes, { limitInputPixels: maxPixels, failOn: "error", animated: false })
      .rotate()
      .resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true });
    const encoded =
      kind === "png" || kind === "gif"
        ? pipeline.png({ compressionLevel: 8, adaptiveFiltering: true })
        : kind === "webp"
          ? pipeline.webp({ quality })
          : pipeline.jpeg({ quality, mozjpeg: true });
    try {
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      const contentType =
        kind === "png" || kind === "gif"
          ? "image/png"
          : kind === "webp"
            ? "image/webp"
            : "image/jpeg";
      return { bytes: new Uint8Array(data), contentType, width: info.width, height: info.height };
    } catch {
      throw new UploadRejected(assetMessages.unreadableImage, { file: name });
    }
  };
  const full = await variant(PICTURE_SIZES.full, 90);
  const display = await variant(PICTURE_SIZES.display, 85);
  // thumbnails are small: WebP keeps them light whatever the source was
  const thumbnail = await toThumbnail(display.bytes);
  return { width: full.width, height: full.height, hasAlpha, full, display, thumbnail };
}

/** A 512 px WebP thumbnail of any picture sharp can read. */
export async function toThumbnail(
  bytes: Uint8Array,
  maxSide: number = PICTURE_SIZES.thumbnail,
): Promise<PictureVariant> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(bytes, {
    limitInputPixels: PICTURE_MAX_PIXELS,
    failOn: "error",
    animated: false,
  })
    .rotate()
    .resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return {
    bytes: new Uint8Array(data),
    contentType: "image/webp",
    width: info.width,
    height: info.height,
  };
}
