import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "../src/infra/storage/s3-storage.js";
import { FileTooLargeError, StoredObjectMissingError } from "../src/infra/storage/storage.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { sampleMp4 } from "./support/media.js";
import { sampleGlb } from "./support/models.js";
import { multipart } from "./support/multipart.js";
import { startS3Server } from "./support/s3.js";
import { clientFor, signUpUser } from "./support/users.js";

// The S3-compatible storage engine against a local S3-compatible server (s3rver, started by
// the test itself), at the interface and through the whole API.

let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

const storage = () =>
  createS3Storage({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: "us-east-1",
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    prefix: "test",
  });

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe("S3 storage", () => {
  it("puts, reads whole and by range, stats and deletes", async () => {
    const store = storage();
    const body = Buffer.from("0123456789abcdefghij");
    const stored = await store.put("ab/object-1", body, { maxBytes: 100 });
    expect(stored).toMatchObject({ key: "ab/object-1", sizeBytes: 20 });
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await read(await store.get("ab/object-1"))).toString()).toBe("0123456789abcdefghij");
    expect((await read(await store.get("ab/object-1", { start: 10, end: 14 }))).toString()).toBe(
      "abcde",
    );
    expect(await store.stat("ab/object-1")).toEqual({ sizeBytes: 20 });
    await store.delete("ab/object-1");
    expect(await store.stat("ab/object-1")).toBeNull();
    await expect(store.get("ab/object-1")).rejects.toBeInstanceOf(StoredObjectMissingError);
  });

  it("streams a large object and refuses one over its limit while it arrives, leaving nothing", async () => {
    const store = storage();
    const big = Buffer.alloc(9 * 1024 * 1024, 7);
    expect(
      (
        await store.put(
          "cd/big",
          Readable.from([big.subarray(0, 5_000_000), big.subarray(5_000_000)]),
          { maxBytes: big.length },
        )
      ).sizeBytes,
    ).toBe(big.length);
    await expect(
      store.put("cd/too-big", Readable.from([big]), { maxBytes: 1024 * 1024 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await store.stat("cd/too-big")).toBeNull();
    await expect(store.put("../escape", Buffer.from("x"), { maxBytes: 10 })).rejects.toThrow(
      /invalid storage key/,
    );
  });
});

describe("the API on S3 storage", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_PREFIX: "api",
    });
  });
  afterAll(() => t.close());

  it("stores uploads in the bucket and serves them with ranges, and deletes them", async () => {
    const user = await signUpUser(t);
    const send = async (url: string, parts: Parameters<typeof multipart>[0]) => {
      const body = multipart(parts);
      return clientFor(
        t,
        user,
      )({ method: "POST", url, payload: body.payload, headers: body.headers });
    };
    const video = await send("/api/assetService/video", [
      { name: "file", filename: "v.mp4", contentType: "video/mp4", data: sampleMp4() },
    ]);
    expect(video.statusCode).toBe(201);
    const part = await clientFor(
      t,
      null,
    )({ method: "GET", url: video.json().fileUrl, headers: { range: "bytes=4-7" } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString()).toBe("ftyp");

    const model = await send("/api/assetService/model3d", [
      {
        name: "file",
        filename: "m.glb",
        contentType: "model/gltf-binary",
        data: await sampleGlb({ grid: 5 }),
      },
    ]);
    expect(model.statusCode).toBe(201);
    const glb = await clientFor(t, null)({ method: "GET", url: model.json().fileUrl });
    expect(glb.rawPayload.subarray(0, 4).toString()).toBe("glTF");
    expect(t.context.storage).not.toBeNull();

    const removed = await clientFor(
      t,
      user,
    )({ method: "DELETE", url: `/api/assetService/model3d/${model.json().assetId}` });
    expect(removed.statusCode).toBe(204);
    expect(
      (await clientFor(t, null)({ method: "GET", url: model.json().fileUrl })).statusCode,
    ).toBe(404);
  });
});
