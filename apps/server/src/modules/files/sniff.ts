/** Image formats accepted for upload, recognised by their first bytes (never name or type). */
export type ImageFormat = "jpeg" | "png" | "gif" | "webp" | "avif";

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image format of a file from its magic bytes, or null when it is not one we accept. */
export function sniffImageFormat(head: Uint8Array): ImageFormat | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) return "gif";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "webp";
  // ISO-BMFF: size, "ftyp", then the brand
  if (
    startsWith(head, ascii("ftyp"), 4) &&
    (startsWith(head, ascii("avif"), 8) || startsWith(head, ascii("avis"), 8))
  ) {
    return "avif";
  }
  return null;
}
