import path from "node:path";
import type { Config } from "../../config.js";
import { createLocalStorage } from "./local-storage.js";
import type { S3StorageOptions } from "./s3-storage.js";
import type { FileStorage } from "./storage.js";

export * from "./storage.js";

/** The storage the configuration asks for: an S3-compatible bucket, else DATA_DIR/files. */
export function createStorage(
  config: Pick<
    Config,
    | "dataDir"
    | "S3_BUCKET"
    | "S3_ENDPOINT"
    | "S3_REGION"
    | "S3_ACCESS_KEY_ID"
    | "S3_SECRET_ACCESS_KEY"
    | "S3_FORCE_PATH_STYLE"
    | "S3_PREFIX"
  >,
): FileStorage {
  if (config.S3_BUCKET) {
    return lazyS3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? config.S3_ENDPOINT !== undefined,
      prefix: config.S3_PREFIX,
    });
  }
  return createLocalStorage(path.join(config.dataDir, "files"));
}

/**
 * S3 storage whose SDK (a large package) loads with the first file operation, not at the start.
 */
function lazyS3Storage(options: S3StorageOptions): FileStorage {
  let storage: Promise<FileStorage> | null = null;
  const open = () =>
    (storage ??= import("./s3-storage.js").then((module) => module.createS3Storage(options)));
  return {
    put: async (key, body, putOptions) => (await open()).put(key, body, putOptions),
    get: async (key, range) => (await open()).get(key, range),
    stat: async (key) => (await open()).stat(key),
    delete: async (key) => (await open()).delete(key),
  };
}
