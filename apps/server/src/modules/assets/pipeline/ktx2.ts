import { KTX2_IDENTIFIER } from "../sniff.js";

// A KTX 2.0 texture's header, read and checked before the model is kept: the viewer hands
// these bytes to the Basis Universal transcoder, so a header that lies (sizes past the file's
// end, levels that do not hold what the header announces, a format three.js cannot show) is
// refused at upload, with what is wrong, instead of failing in every visitor's browser.
// Layout: Khronos KTX 2.0 specification, section 3 (file structure).

const HEADER_BYTES = 80;
const LEVEL_INDEX_ENTRY_BYTES = 24;
const MAX_SIDE = 16_384;

/** vkFormat 0 with a Basis Universal payload, or the plain 8-bit RGBA formats three.js uploads as they are. */
const VK_FORMAT_UNDEFINED = 0;
const VK_FORMAT_R8G8B8A8_UNORM = 37;
const VK_FORMAT_R8G8B8A8_SRGB = 43;
const SUPERCOMPRESSION = { none: 0, basisLZ: 1, zstd: 2 } as const;
const KHR_DF_MODEL_ETC1S = 163;
const KHR_DF_MODEL_UASTC = 166;

export type Ktx2Encoding = "ETC1S" | "UASTC" | "RGBA8";

export interface Ktx2Summary {
  width: number;
  height: number;
  levels: number;
  encoding: Ktx2Encoding;
}

/** What is wrong with a KTX2 texture's header and level index, or its summary when nothing is. */
export function readKtx2Header(bytes: Uint8Array): Ktx2Summary | { problem: string } {
  if (!KTX2_IDENTIFIER.every((byte, index) => bytes[index] === byte))
    return { problem: "it does not start with the KTX 2.0 identifier" };
  if (bytes.length < HEADER_BYTES) return { problem: "its header is cut short" };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (offset: number) => view.getUint32(offset, true);
  // 64-bit fields: anything past 2^32 is past the end of any file we accept
  const u64 = (offset: number) => (u32(offset + 4) === 0 ? u32(offset) : Number.POSITIVE_INFINITY);

  const vkFormat = u32(12);
  const width = u32(20);
  const height = u32(24);
  const depth = u32(28);
  const layers = u32(32);
  const faces = u32(36);
  const levelCount = u32(40);
  const scheme = u32(44);
  if (width === 0 || height === 0)
    return { problem: `its header gives a size of ${width} x ${height} pixels` };
  if (width > MAX_SIDE || height > MAX_SIDE)
    return { problem: `it is ${width} x ${height} pixels, more than ${MAX_SIDE} on a side` };
  if (depth > 0 || layers > 1 || faces !== 1)
    return { problem: "it is not a plain 2D texture (a volume, an array or a cube map)" };
  const maxLevels = Math.floor(Math.log2(Math.max(width, height))) + 1;
  if (levelCount > maxLevels)
    return {
      problem: `its header announces ${levelCount} mipmap levels, at most ${maxLevels} fit`,
    };
  const levels = Math.max(1, levelCount);
  if (bytes.length < HEADER_BYTES + levels * LEVEL_INDEX_ENTRY_BYTES)
    return { problem: "its level index is cut short" };

  const inside = (offset: number, length: number) =>
    offset + length <= bytes.length && offset >= 0 && Number.isFinite(offset + length);
  const dfdOffset = u32(48);
  const dfdLength = u32(52);
  if (dfdLength < 16 || !inside(dfdOffset, dfdLength))
    return { problem: "its data format descriptor lies outside the file" };
  if (!inside(u32(56), u32(60))) return { problem: "its key/value data lies outside the file" };
  const sgdOffset = u64(64);
  const sgdLength = u64(72);
  if (!inside(sgdOffset, sgdLength))
    return { problem: "its supercompression data lies outside the file" };

  // the basic descriptor block's colour model: byte 8 of the block, after the total size word
  const colorModel = bytes[dfdOffset + 12] as number;
  let encoding: Ktx2Encoding;
  if (vkFormat === VK_FORMAT_UNDEFINED && scheme === SUPERCOMPRESSION.basisLZ) {
    if (colorModel !== KHR_DF_MODEL_ETC1S)
      return { problem: "it is BasisLZ-compressed but its descriptor is not ETC1S" };
    if (sgdLength === 0) return { problem: "it is BasisLZ-compressed without its global data" };
    encoding = "ETC1S";
  } else if (vkFormat === VK_FORMAT_UNDEFINED && colorModel === KHR_DF_MODEL_UASTC) {
    if (scheme !== SUPERCOMPRESSION.none && scheme !== SUPERCOMPRESSION.zstd)
      return { problem: `its UASTC data uses supercompression scheme ${scheme}` };
    encoding = "UASTC";
  } else if (vkFormat === VK_FORMAT_R8G8B8A8_SRGB || vkFormat === VK_FORMAT_R8G8B8A8_UNORM) {
    if (scheme !== SUPERCOMPRESSION.none && scheme !== SUPERCOMPRESSION.zstd)
      return { problem: `it uses supercompression scheme ${scheme}` };
    encoding = "RGBA8";
  } else {
    return {
      problem: `its format (vkFormat ${vkFormat}, supercompression ${scheme}) is not Basis Universal (ETC1S or UASTC) or 8-bit RGBA`,
    };
  }

  for (let level = 0; level < levels; level++) {
    const entry = HEADER_BYTES + level * LEVEL_INDEX_ENTRY_BYTES;
    const offset = u64(entry);
    const length = u64(entry + 8);
    const uncompressed = u64(entry + 16);
    if (length === 0 || !inside(offset, length))
      return { problem: `its mipmap level ${level} lies outside the file` };
    if (encoding === "ETC1S") continue; // its levels' sizes live in the global data
    const levelWidth = Math.max(1, width >> level);
    const levelHeight = Math.max(1, height >> level);
    const expected =
      encoding === "UASTC"
        ? Math.ceil(levelWidth / 4) * Math.ceil(levelHeight / 4) * 16
        : levelWidth * levelHeight * 4;
    const held = scheme === SUPERCOMPRESSION.none ? length : uncompressed;
    if (held !== expected) {
      return {
        problem: `its header says ${width} x ${height} pixels, but mipmap level ${level} holds ${held} bytes instead of ${expected}`,
      };
    }
  }
  return { width, height, levels, encoding };
}
