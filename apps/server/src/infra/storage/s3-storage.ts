import { createHash } from "node:crypto";
import { Readable, Transform } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import {
  assertValidKey,
  type ByteRange,
  type FileStorage,
  FileTooLargeError,
  StoredObjectMissingError,
} from "./storage.js";

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, Ceph...); unset for AWS itself. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: most S3-compatible servers want it. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several deployments. */
  prefix?: string | undefined;
}

/**
 * The production engine of the storage interface: objects in an S3-compatible bucket. A put
 * streams through a meter that refuses the object as soon as it passes `maxBytes`; the
 * multipart upload is then aborted, so nothing is left in the bucket.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  });
  const prefix = options.prefix ? `${options.prefix.replace(/\/+$/, "")}/` : "";
  const objectKey = (key: string) => {
    assertValidKey(key);
    return `${prefix}${key}`;
  };
  const isMissing = (error: unknown) =>
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

  return {
    async put(key, body, { maxBytes }) {
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
      source.on("error", (error) => meter.destroy(error));
      source.pipe(meter);
      const upload = new Upload({
        client,
        params: { Bucket: options.bucket, Key: objectKey(key), Body: meter },
        queueSize: 2,
        partSize: 8 * 1024 * 1024,
        leavePartsOnError: false,
      });
      let failure: unknown = null;
      meter.on("error", (error) => {
        failure = error;
        void upload.abort();
      });
      try {
        await upload.done();
      } catch (error) {
        // drain the rest of an upload we refused, so the request can still be answered
        if (!Buffer.isBuffer(body)) body.resume();
        throw failure ?? error;
      }
      if (failure) throw failure;
      return { key, sizeBytes, sha256: hash.digest("hex") };
    },

    async get(key, range?: ByteRange) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: options.bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw new StoredObjectMissingError(key);
        throw error;
      }
    },

    async stat(key) {
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }),
        );
        return { sizeBytes: Number(head.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
  };
}
