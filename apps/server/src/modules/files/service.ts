import { createHash, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { FileRow, FileVariant } from "../../db/schema/index.js";
import { NotFoundError, PayloadTooLargeError } from "../../errors.js";
import {
  type ByteRange,
  type FileStorage,
  FileTooLargeError,
  StoredObjectMissingError,
} from "../../infra/storage/index.js";
import { type ImageCrop, processImage } from "./images.js";
import type { FilesRepo } from "./repo.js";

export const fileUrl = (id: string) => `/api/fileService/file/${id}`;
export const thumbnailUrl = (id: string) => `/api/fileService/thumbnail/${id}`;

/** Thumbnail sizes (longest side) made for every stored image; 256 is the default served. */
export const THUMBNAIL_SIZES = [64, 256, 512] as const;
export const DEFAULT_THUMBNAIL_SIZE = 256;

export interface StoreImageInput {
  ownerId: string | null;
  /** What the file is for ('profile-picture', 'cover-photo', 'picture'...). */
  purpose: string;
  data: Buffer;
  crop?: ImageCrop | null;
  maxWidth: number;
  maxHeight: number;
}

export interface StoreStreamInput {
  ownerId: string | null;
  purpose: string;
  /** Decided by the caller from the content it checked, never taken from the client. */
  contentType: string;
  body: Readable | Buffer;
  maxBytes: number;
  width?: number | null;
  height?: number | null;
}

/**
 * The files core: stores contents through the storage adapter under generated keys and keeps
 * one `files` row per stored file. Other modules store through this service and keep only the
 * file id (and `fileUrl(id)` to show it).
 */
export function createFilesService(repo: FilesRepo, storage: FileStorage) {
  const keyFor = (id: string, suffix = "") => `${id.slice(0, 2)}/${id}${suffix}`;

  async function removeStored(rows: FileRow[]) {
    for (const row of rows) {
      await storage.delete(row.storageKey);
      for (const variant of row.variants) await storage.delete(variant.key);
    }
  }

  return {
    /** An image, checked by content and re-encoded with its thumbnails (see images.ts). */
    async storeImage(input: StoreImageInput): Promise<FileRow> {
      const image = await processImage(input.data, {
        crop: input.crop ?? null,
        maxWidth: input.maxWidth,
        maxHeight: input.maxHeight,
        variantSizes: THUMBNAIL_SIZES,
      });
      const id = randomUUID();
      const main = await storage.put(keyFor(id), image.data, { maxBytes: image.data.length });
      const variants: FileVariant[] = [];
      try {
        for (const variant of image.variants) {
          const key = keyFor(id, `-${variant.size}`);
          await storage.put(key, variant.data, { maxBytes: variant.data.length });
          variants.push({
            size: variant.size,
            key,
            contentType: variant.contentType,
            bytes: variant.data.length,
          });
        }
        return await repo.insert({
          id,
          ownerId: input.ownerId,
          purpose: input.purpose,
          contentType: image.contentType,
          sizeBytes: main.sizeBytes,
          sha256: main.sha256,
          width: image.width,
          height: image.height,
          storageKey: main.key,
          variants,
        });
      } catch (error) {
        await storage.delete(main.key);
        for (const variant of variants) await storage.delete(variant.key);
        throw error;
      }
    },

    /** Any other content, streamed to storage with the size limit enforced while it arrives. */
    async storeStream(input: StoreStreamInput): Promise<FileRow> {
      const id = randomUUID();
      let stored: Awaited<ReturnType<FileStorage["put"]>>;
      try {
        stored = await storage.put(keyFor(id), input.body, { maxBytes: input.maxBytes });
      } catch (error) {
        if (error instanceof FileTooLargeError) {
          throw new PayloadTooLargeError(`The file is larger than ${input.maxBytes} bytes`);
        }
        throw error;
      }
      try {
        return await repo.insert({
          id,
          ownerId: input.ownerId,
          purpose: input.purpose,
          contentType: input.contentType,
          sizeBytes: stored.sizeBytes,
          sha256: stored.sha256,
          width: input.width ?? null,
          height: input.height ?? null,
          storageKey: stored.key,
          variants: [],
        });
      } catch (error) {
        await storage.delete(stored.key);
        throw error;
      }
    },

    async find(id: string) {
      return repo.findById(id);
    },

    /** The file's record and a stream of its bytes (or of `range` of them). */
    async open(id: string, range?: ByteRange) {
      const file = await repo.findById(id);
      if (!file) throw new NotFoundError();
      return { file, stream: await openStored(storage, file.storageKey, range) };
    },

    /** The smallest thumbnail at least `size` wide (the largest one when none is). */
    async openThumbnail(id: string, size: number) {
      const file = await repo.findById(id);
      if (!file || file.variants.length === 0) throw new NotFoundError();
      const sorted = [...file.variants].sort((a, b) => a.size - b.size);
      const variant = sorted.find((v) => v.size >= size) ?? sorted.at(-1)!;
      return { file, variant, stream: await openStored(storage, variant.key) };
    },

    /** Deletes files (rows and stored contents), e.g. a replaced profile picture. */
    async deleteFiles(ids: string[]) {
      const rows = (await Promise.all(ids.map((id) => repo.findById(id)))).filter(
        (row): row is FileRow => row !== null,
      );
      await repo.deleteByIds(rows.map((row) => row.id));
      await removeStored(rows);
    },

    /** Everything a user stored: used when the account is deleted. */
    async filesOwnedBy(ownerId: string) {
      return repo.findByOwner(ownerId);
    },

    /** Removes stored contents whose rows are already gone (after a cascade). */
    removeStored,
  };
}

async function openStored(storage: FileStorage, key: string, range?: ByteRange) {
  try {
    return await storage.get(key, range);
  } catch (error) {
    if (error instanceof StoredObjectMissingError) throw new NotFoundError();
    throw error;
  }
}

export type FilesService = ReturnType<typeof createFilesService>;

/** sha256 of a buffer, hex (for callers that hold a whole file in memory). */
export const sha256Of = (data: Buffer) => createHash("sha256").update(data).digest("hex");
