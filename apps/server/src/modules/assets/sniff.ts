// What a file is, from its first bytes (its magic number), never from its name or the
// Content-Type the client sent. Only the kinds the library accepts are recognised; anything
// else is "unknown" and refused by the caller.

export type SniffedKind =
  | "png"
  | "jpeg"
  | "gif"
  | "webp"
  | "ktx2"
  | "svg"
  | "glb"
  | "zip"
  | "mp4"
  | "wav"
  | "mp3"
  | "json"
  | "text"
  | "executable"
  | "unknown";

/** «KTX 20»\r\n\x1A\n: the first 12 bytes of every KTX 2.0 texture. */
export const KTX2_IDENTIFIER = [
  0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a,
] as const;

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

export function sniff(bytes: Uint8Array): SniffedKind {
  if (bytes.length === 0) return "unknown";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WAVE") return "wav";
  if (startsWith(bytes, KTX2_IDENTIFIER)) return "ktx2";
  if (ascii(bytes, 0, 4) === "glTF") return "glb";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return "zip";
  if (ascii(bytes, 4, 4) === "ftyp") return "mp4";
  if (ascii(bytes, 0, 3) === "ID3" || isMpegAudioFrame(bytes)) return "mp3";
  if (ascii(bytes, 0, 2) === "MZ" || startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46]))
    return "executable";
  if (!isText(bytes)) return "unknown";
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (/^<\?xml[\s\S]*<svg|^<svg[\s>]/i.test(head) || /<svg[\s>]/i.test(head)) return "svg";
  if (head.startsWith("{")) return "json";
  return "text";
}

// An MPEG audio frame header: 11 sync bits, a valid version, layer and bitrate.
function isMpegAudioFrame(bytes: Uint8Array) {
  const [first = 0, second = 0, third = 0] = bytes;
  if (first !== 0xff || (second & 0xe0) !== 0xe0) return false;
  const version = (second >> 3) & 0x03;
  const layer = (second >> 1) & 0x03;
  const bitrate = third >> 4;
  return version !== 1 && layer !== 0 && bitrate !== 0x0f && bitrate !== 0;
}

/** UTF-8 text without control characters other than tab, line feed, carriage return, form feed. */
export function isText(bytes: Uint8Array, sample = 64 * 1024): boolean {
  const slice = bytes.subarray(0, sample);
  for (const byte of slice) {
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f) return false;
  }
  try {
    // a multi-byte sequence cut by the sample's end is not an error
    new TextDecoder("utf-8", { fatal: true }).decode(slice, {
      stream: slice.length < bytes.length,
    });
    return true;
  } catch {
    return false;
  }
}

export const IMAGE_KINDS = ["png", "jpeg", "gif", "webp"] as const satisfies readonly SniffedKind[];
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const isImageKind = (kind: SniffedKind): kind is ImageKind =>
  (IMAGE_KINDS as readonly string[]).includes(kind);
