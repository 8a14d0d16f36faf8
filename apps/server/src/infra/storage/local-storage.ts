import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertValidKey,
  type ByteRange,
  type FileStorage,
  FileTooLargeError,
  StoredObjectMissingError,
} from "./storage.js";

/**
 * The embedded default: objects are files under `root` (DATA_DIR/files). A put writes to a
 * temporary name and renames it into place, so a reader never sees half an object.
 */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split("/"));
  };

  return {
    async put(key, body, { maxBytes }) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      const hash = createHash("sha256");
      let sizeBytes = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          sizeBytes += chunk.length;
          if (sizeBytes > maxBytes) return callback(new FileTooLargeError(maxBytes));
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      try {
        await pipeline(source, meter, createWriteStream(temporary, { flags: "wx" }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        // drain the rest of an upload we refused, so the request can still be answered
        if (!Buffer.isBuffer(body)) body.resume();
        throw error;
      }
      return { key, sizeBytes, sha256: hash.digest("hex") };
    },

    async get(key, range?: ByteRange) {
      const file = pathOf(key);
      try {
        await stat(file);
      } catch {
        throw new StoredObjectMissingError(key);
      }
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },

    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return { sizeBytes: info.size };
      } catch {
        return null;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
