import { assetMessages, formatBytes } from "@atrium/domain";
import { Unzip, type UnzipFileInfo, UnzipInflate, unzipSync } from "fflate";
import { UploadRejected } from "../upload-rejected.js";

// Unpacks an uploaded zip only after its central directory has been checked (OWASP file
// upload rules): the number of entries, the total declared size and every path. Extraction
// then counts the bytes really inflated and stops as soon as an entry grows past what it
// declared, so a zip bomb costs no more than the limit, in memory and in time.

export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
}

export const ZIP_LIMITS_DEFAULT: ZipLimits = { maxEntries: 200, maxTotalBytes: 64 * 1024 * 1024 };

export interface UnzippedFile {
  /** The entry's path inside the archive, with forward slashes. */
  path: string;
  bytes: Uint8Array;
}

// folders and the metadata macOS and Windows add to archives carry nothing of the model
const IGNORED = /(^|\/)(__MACOSX|\.DS_Store|Thumbs\.db|desktop\.ini)(\/|$)|(^|\/)\._/i;

export function unzipChecked(
  archiveName: string,
  bytes: Uint8Array,
  limits: ZipLimits = ZIP_LIMITS_DEFAULT,
): UnzippedFile[] {
  const entries = readDirectory(archiveName, bytes);
  const wanted = entries.filter((entry) => !entry.name.endsWith("/") && !IGNORED.test(entry.name));
  if (entries.length > limits.maxEntries) {
    throw new UploadRejected(assetMessages.zipTooManyEntries, {
      file: archiveName,
      limit: limits.maxEntries,
    });
  }
  let declared = 0;
  for (const entry of wanted) {
    if (!isSafePath(entry.name)) {
      throw new UploadRejected(assetMessages.zipUnsafePath, {
        file: archiveName,
        path: entry.name,
      });
    }
    if (entry.compression !== 0 && entry.compression !== 8) {
      throw new UploadRejected(assetMessages.zipEncrypted, { file: archiveName, path: entry.name });
    }
    declared += entry.originalSize;
  }
  const tooLarge = () =>
    new UploadRejected(assetMessages.zipTooLarge, {
      file: archiveName,
      limit: formatBytes(limits.maxTotalBytes),
    });
  if (declared > limits.maxTotalBytes) throw tooLarge();

  const declaredSizes = new Map(wanted.map((entry) => [entry.name, entry.originalSize]));
  const files: UnzippedFile[] = [];
  let inflated = 0;
  let failure: UploadRejected | null = null;
  const unzip = new Unzip((file) => {
    const expected = declaredSizes.get(file.name);
    if (expected === undefined || failure) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new UploadRejected(assetMessages.zipUnreadable, { file: archiveName });
        return;
      }
      size += chunk.length;
      inflated += chunk.length;
      if (size > expected || inflated > limits.maxTotalBytes) {
        failure = tooLarge();
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) files.push({ path: file.name, bytes: concat(chunks, size) });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // in small slices: deflate expands up to ~1000x, so one slice inflates to at most a few
    // megabytes before the size check sees it and stops the work
    const slice = 4 * 1024;
    for (let offset = 0; offset < bytes.length && !failure; offset += slice) {
      unzip.push(bytes.subarray(offset, offset + slice), offset + slice >= bytes.length);
    }
  } catch {
    failure ??= new UploadRejected(assetMessages.zipUnreadable, { file: archiveName });
  }
  if (failure) throw failure;
  if (files.length !== wanted.length) {
    throw new UploadRejected(assetMessages.zipUnreadable, { file: archiveName });
  }
  return files;
}

function readDirectory(archiveName: string, bytes: Uint8Array): UnzipFileInfo[] {
  const entries: UnzipFileInfo[] = [];
  try {
    unzipSync(bytes, {
      filter(info) {
        entries.push(info);
        return false;
      },
    });
  } catch {
    throw new UploadRejected(assetMessages.zipUnreadable, { file: archiveName });
  }
  return entries;
}

/** A relative path that stays inside the archive: no root, drive, backslash or `..` step. */
export function isSafePath(name: string): boolean {
  if (name.length === 0 || name.length > 512) return false;
  if (name.startsWith("/") || name.includes("\\") || /^[a-z]:/i.test(name)) return false;
  if (name.includes("\0")) return false;
  return name.split("/").every((part) => part !== "..");
}

function concat(chunks: Uint8Array[], size: number) {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
