import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileTooLargeError } from "../src/infra/storage/index.js";
import { createFilesRepo } from "../src/modules/files/repo.js";
import { createFilesService } from "../src/modules/files/service.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { pngImage } from "./support/images.js";
import { signUpUser } from "./support/users.js";

describe("the files core: storage, file and thumbnail answers", () => {
  let t: TestApp;
  let files: ReturnType<typeof createFilesService>;
  beforeAll(async () => {
    t = await createTestApp();
    files = createFilesService(createFilesRepo(t.context.database.db), t.context.storage);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });

  it("serves a stored file with its type, ETag, immutable caching and 304", async () => {
    const owner = await signUpUser(t);
    const body = Buffer.from("0123456789abcdefghij");
    const file = await files.storeStream({
      ownerId: owner.userId,
      purpose: "test",
      contentType: "text/plain; charset=utf-8",
      body: Readable.from([body]),
      maxBytes: 1000,
    });
    expect(file.sizeBytes).toBe(20);
    expect(file.storageKey).not.toContain("test");
    const response = await get(`/api/fileService/file/${file.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(body.toString());
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["accept-ranges"]).toBe("bytes");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers.etag).toBe(`"${file.sha256}"`);
    const cached = await get(`/api/fileService/file/${file.id}`, {
      "if-none-match": response.headers.etag as string,
    });
    expect(cached.statusCode).toBe(304);
    // a list of tags, or the tag marked weak, as proxies send them back
    const listed = await get(`/api/fileService/file/${file.id}`, {
      "if-none-match": `"something-else", W/${response.headers.etag as string}`,
    });
    expect(listed.statusCode).toBe(304);
  });

  it("answers byte ranges with 206, and 416 for a range past the end", async () => {
    const file = await files.storeStream({
      ownerId: null,
      purpose: "test",
      contentType: "application/octet-stream",
      body: Buffer.from("0123456789"),
      maxBytes: 1000,
    });
    const url = `/api/fileService/file/${file.id}`;
    const partial = await get(url, { range: "bytes=2-5" });
    expect(partial.statusCode).toBe(206);
    expect(partial.body).toBe("2345");
    expect(partial.headers["content-range"]).toBe("bytes 2-5/10");
    expect(partial.headers["content-length"]).toBe("4");
    const suffix = await get(url, { range: "bytes=-3" });
    expect(suffix.body).toBe("789");
    const open = await get(url, { range: "bytes=7-" });
    expect(open.body).toBe("789");
    const beyond = await get(url, { range: "bytes=50-60" });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe("bytes */10");
  });

  it("enforces the size limit while streaming and leaves nothing behind", async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 64 * 1024;
        this.push(produced > 10 * 1024 * 1024 ? null : Buffer.alloc(64 * 1024, 7));
      },
    });
    await expect(
      t.context.storage.put("te/too-big", endless, { maxBytes: 256 * 1024 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await t.context.storage.stat("te/too-big")).toBeNull();
    await expect(
      files.storeStream({
        ownerId: null,
        purpose: "test",
        contentType: "application/octet-stream",
        body: Buffer.alloc(2000),
        maxBytes: 1000,
      }),
    ).rejects.toMatchObject({ status: 413 });
  });

  it("stores images with sized thumbnails and serves the nearest one", async () => {
    const image = await files.storeImage({
      ownerId: null,
      purpose: "test",
      data: await pngImage(800, 600),
      maxWidth: 1024,
      maxHeight: 1024,
    });
    expect([image.width, image.height]).toEqual([800, 600]);
    const thumbnail = await get(`/api/fileService/thumbnail/${image.id}`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/webp");
    expect(thumbnail.headers.etag).toBe(`"${image.sha256}-256"`);
    const small = await get(`/api/fileService/thumbnail/${image.id}?size=40`);
    expect(Number(small.headers["content-length"])).toBeLessThan(
      Number(thumbnail.headers["content-length"]),
    );
    const cached = await get(`/api/fileService/thumbnail/${image.id}`, {
      "if-none-match": thumbnail.headers.etag as string,
    });
    expect(cached.statusCode).toBe(304);
  });

  it("answers 404 for unknown files and thumbnails of non-images, 400 for odd ids", async () => {
    expect((await get("/api/fileService/file/no-such-file")).statusCode).toBe(404);
    const text = await files.storeStream({
      ownerId: null,
      purpose: "test",
      contentType: "text/plain",
      body: Buffer.from("x"),
      maxBytes: 10,
    });
    expect((await get(`/api/fileService/thumbnail/${text.id}`)).statusCode).toBe(404);
    expect((await get(`/api/fileService/file/${"x".repeat(100)}`)).statusCode).toBe(400);
  });

  it("refuses storage keys that could leave the storage directory", async () => {
    for (const key of ["../escape", "a/../../b", "/abs", "A/B"]) {
      await expect(t.context.storage.put(key, Buffer.from("x"), { maxBytes: 10 })).rejects.toThrow(
        /invalid storage key/,
      );
    }
  });
});
