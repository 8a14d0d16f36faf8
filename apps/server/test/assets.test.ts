import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assets, files } from "../src/db/schema/index.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { sampleJpegWithExif, sampleMp3, sampleMp4, sampleWav } from "./support/media.js";
import { lyingZipBomb, sampleGlb, sampleObjParts, zipOf } from "./support/models.js";
import { multipart } from "./support/multipart.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// The asset library through the API: each family, the bad inputs of issue 5 (each a 400 with
// the dropzone's message and nothing stored), quotas, deletion and access.

let t: TestApp;
let dataDir: string;
let ada: TestUser;
let bob: TestUser;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "atrium-assets-"));
  t = await createTestApp({ DATA_DIR: dataDir });
  ada = await signUpUser(t, { name: "Ada" });
  bob = await signUpUser(t, { name: "Bob" });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const as = (user: TestUser | null) => clientFor(t, user);
const post = (user: TestUser | null, url: string, parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return as(user)({ method: "POST", url, payload: body.payload, headers: body.headers });
};

function storedObjects() {
  const root = path.join(dataDir, "files");
  let count = 0;
  const visit = (directory: string) => {
    for (const entry of readdirSync(directory)) {
      const full = path.join(directory, entry);
      if (statSync(full).isDirectory()) visit(full);
      else count++;
    }
  };
  try {
    visit(root);
  } catch {
    return 0;
  }
  return count;
}

async function counts() {
  const { db } = t.context.database;
  const [stored] = await db.select({ count: sql<number>`count(*)::int` }).from(files);
  const [library] = await db.select({ count: sql<number>`count(*)::int` }).from(assets);
  return {
    files: Number(stored?.count ?? 0),
    assets: Number(library?.count ?? 0),
    objects: storedObjects(),
  };
}

describe("pictures", () => {
  it("uploads a picture: 201 with its size, metadata stripped, a thumbnail, in the owner's library", async () => {
    const response = await post(ada, "/api/assetService/picture", [
      {
        name: "file",
        filename: "holiday.jpg",
        contentType: "image/jpeg",
        data: await sampleJpegWithExif(2400, 1600),
      },
      { name: "title", value: "Holiday" },
      { name: "tags", value: "beach, sun" },
    ]);
    expect(response.statusCode).toBe(201);
    const picture = response.json();
    expect(picture).toMatchObject({
      family: "picture",
      title: "Holiday",
      width: 2400,
      height: 1600,
      tags: ["beach", "sun"],
      public: false,
      creator: { userId: ada.userId, name: "Ada" },
    });
    const display = await as(ada)({ method: "GET", url: picture.fileUrl });
    expect(display.statusCode).toBe(200);
    expect(display.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(display.rawPayload).metadata()).exif).toBeUndefined();
    const thumbnail = await as(null)({ method: "GET", url: picture.thumbnailUrl });
    expect(thumbnail.statusCode).toBe(200);

    const mine = await as(ada)({ method: "GET", url: "/api/assetService/picture/myLibrary" });
    expect(mine.json().map((item: { assetId: string }) => item.assetId)).toContain(picture.assetId);
    const bobs = await as(bob)({ method: "GET", url: "/api/assetService/picture/myLibrary" });
    expect(bobs.json()).toEqual([]);
  });

  it("shows another user only what was made public", async () => {
    const created = (
      await post(ada, "/api/assetService/picture", [
        {
          name: "file",
          filename: "a.jpg",
          contentType: "image/jpeg",
          data: await sampleJpegWithExif(200, 100),
        },
      ])
    ).json();
    const before = await as(bob)({
      method: "GET",
      url: `/api/assetService/picture/byUser/${ada.userId}`,
    });
    expect(
      before.json().some((item: { assetId: string }) => item.assetId === created.assetId),
    ).toBe(false);
    expect(
      (await as(bob)({ method: "GET", url: `/api/assetService/picture/${created.assetId}` }))
        .statusCode,
    ).toBe(404);
    const patched = await as(ada)({
      method: "PATCH",
      url: `/api/assetService/picture/${created.assetId}`,
      payload: { public: true, title: "Shared" },
    });
    expect(patched.statusCode).toBe(200);
    const after = await as(bob)({
      method: "GET",
      url: `/api/assetService/picture/byUser/${ada.userId}`,
    });
    expect(after.json().map((item: { title: string }) => item.title)).toContain("Shared");
  });
});

describe("3D models", () => {
  it("uploads a glb: 201 with its counts, the optimised glb, the original and a server-drawn thumbnail", async () => {
    const glb = await sampleGlb({ grid: 30, textureSize: 64 });
    const response = await post(ada, "/api/assetService/model3d", [
      { name: "file", filename: "terrain.glb", contentType: "model/gltf-binary", data: glb },
      { name: "title", value: "Terrain" },
    ]);
    expect(response.statusCode).toBe(201);
    const model = response.json();
    expect(model).toMatchObject({
      family: "model3d",
      title: "Terrain",
      sourceFormat: "glb",
      animationClipCount: 0,
      triangleCount: 1800,
      meshCount: 1,
      materialCount: 1,
      textureCount: 1,
    });
    const delivered = await as(null)({ method: "GET", url: model.fileUrl });
    expect(delivered.headers["content-type"]).toBe("model/gltf-binary");
    expect(delivered.rawPayload.subarray(0, 4).toString()).toBe("glTF");
    const original = await as(null)({ method: "GET", url: model.originalFileUrl });
    expect(original.rawPayload.length).toBe(glb.length);
    expect((await as(null)({ method: "GET", url: model.thumbnailUrl })).statusCode).toBe(200);
  });

  it("keeps the thumbnail the uploader drew", async () => {
    const drawn = await sharp({
      create: { width: 300, height: 300, channels: 4, background: "#ff0000" },
    })
      .png()
      .toBuffer();
    const response = await post(ada, "/api/assetService/model3d", [
      {
        name: "file",
        filename: "small.glb",
        contentType: "model/gltf-binary",
        data: await sampleGlb({ grid: 4 }),
      },
      { name: "thumbnail", filename: "thumbnail.png", contentType: "image/png", data: drawn },
    ]);
    expect(response.statusCode).toBe(201);
    const thumbnail = await as(null)({ method: "GET", url: response.json().thumbnailUrl });
    const { channels } = await sharp(thumbnail.rawPayload).stats();
    expect(channels[0]?.mean).toBeGreaterThan(200);
    expect(channels[1]?.mean).toBeLessThan(30);
  });

  it("uploads a zip with an obj, its mtl and texture", async () => {
    const response = await post(ada, "/api/assetService/model3d", [
      {
        name: "file",
        filename: "cube.zip",
        contentType: "application/zip",
        data: zipOf(await sampleObjParts()),
      },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: "cube",
      sourceFormat: "obj",
      triangleCount: 12,
      materialCount: 1,
      textureCount: 1,
    });
  });

  it("uploads an obj sent as loose files", async () => {
    const parts = await sampleObjParts();
    const response = await post(
      ada,
      "/api/assetService/model3d",
      parts.map((part) => ({
        name: "file",
        filename: part.name.split("/").pop() as string,
        contentType: "application/octet-stream",
        data: part.bytes,
      })),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().originalFileUrl).toBeTruthy();
  });
});

describe("bad input: a 400 with the message the dropzone shows, and nothing stored", () => {
  const cases: [string, string, () => Promise<Parameters<typeof multipart>[0]>, string][] = [
    [
      "a truncated glb",
      "/api/assetService/model3d",
      async () => {
        const glb = await sampleGlb({ grid: 20 });
        return [
          {
            name: "file",
            filename: "cut.glb",
            contentType: "model/gltf-binary",
            data: glb.subarray(0, glb.length / 2),
          },
        ];
      },
      "cut.glb is damaged or incomplete and cannot be read as a 3D model",
    ],
    [
      "an obj with a missing mtl",
      "/api/assetService/model3d",
      async () =>
        (await sampleObjParts({ withMtl: false })).map((part) => ({
          name: "file",
          filename: part.name.split("/").pop() as string,
          contentType: "text/plain",
          data: part.bytes,
        })),
      "cube.obj needs cube.mtl, which was not uploaded",
    ],
    [
      "a zip with two models",
      "/api/assetService/model3d",
      async () => {
        const glb = await sampleGlb({ grid: 2 });
        return [
          {
            name: "file",
            filename: "two.zip",
            contentType: "application/zip",
            data: zipOf([
              { name: "a.glb", bytes: glb },
              { name: "b.obj", bytes: strToU8("v 0 0 0") },
            ]),
          },
        ];
      },
      "two.zip holds 2 3D models (a.glb, b.obj); a zip may hold only one",
    ],
    [
      "a zip bomb",
      "/api/assetService/model3d",
      async () => [
        {
          name: "file",
          filename: "bomb.zip",
          contentType: "application/zip",
          data: lyingZipBomb(70 * 1024 * 1024),
        },
      ],
      "bomb.zip unpacks to more than 64 MB",
    ],
    [
      "an exe renamed .png",
      "/api/assetService/picture",
      async () => [
        {
          name: "file",
          filename: "cat.png",
          contentType: "image/png",
          data: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
        },
      ],
      "cat.png is not a PNG, JPEG, GIF or WebP picture: its content does not match",
    ],
    [
      "a 0-byte file",
      "/api/assetService/model3d",
      async () => [
        {
          name: "file",
          filename: "empty.glb",
          contentType: "model/gltf-binary",
          data: new Uint8Array(),
        },
      ],
      "empty.glb is empty",
    ],
    [
      "a 0-byte picture",
      "/api/assetService/picture",
      async () => [
        { name: "file", filename: "empty.jpg", contentType: "image/jpeg", data: new Uint8Array() },
      ],
      "empty.jpg is empty",
    ],
    [
      "an SVG picture",
      "/api/assetService/picture",
      async () => [
        {
          name: "file",
          filename: "logo.svg",
          contentType: "image/svg+xml",
          data: strToU8('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        },
      ],
      "logo.svg is an SVG drawing; upload a PNG, JPEG, GIF or WebP picture",
    ],
  ];
  for (const [label, url, parts, message] of cases) {
    it(`refuses ${label}`, async () => {
      const before = await counts();
      const response = await post(ada, url, await parts());
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(await counts()).toEqual(before);
    });
  }

  it("refuses a file over the size limit with 413 while it streams, storing nothing", async () => {
    const before = await counts();
    const response = await post(ada, "/api/assetService/picture", [
      {
        name: "file",
        filename: "huge.jpg",
        contentType: "image/jpeg",
        data: new Uint8Array(3 * 1024 * 1024 + 10).fill(0xff),
      },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe("huge.jpg is larger than 3 MB");
    expect(await counts()).toEqual(before);
  });

  it("refuses a zip inside a multipart model upload with two model parts", async () => {
    const glb = await sampleGlb({ grid: 2 });
    const response = await post(ada, "/api/assetService/model3d", [
      { name: "file", filename: "a.glb", contentType: "model/gltf-binary", data: glb },
      {
        name: "file",
        filename: "b.zip",
        contentType: "application/zip",
        data: zipSync({ "x.obj": strToU8("v 0 0 0") }),
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Can't have more than 1 3D model files");
  });
});

describe("videos, audio, web views, info points", () => {
  it("uploads an MP4 with its size and duration, and serves byte ranges for seeking", async () => {
    const response = await post(ada, "/api/assetService/video", [
      {
        name: "file",
        filename: "clip.mp4",
        contentType: "video/mp4",
        data: sampleMp4({ width: 1280, height: 720, seconds: 7 }),
      },
    ]);
    expect(response.statusCode).toBe(201);
    const video = response.json();
    expect(video).toMatchObject({ provider: "File", width: 1280, height: 720, duration: 7 });
    expect(video.link).toBe(video.fileUrl);
    const range = await as(null)({
      method: "GET",
      url: video.fileUrl,
      headers: { range: "bytes=0-9" },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(10);
    expect(range.headers["content-type"]).toBe("video/mp4");
  });

  it("adds a YouTube link with provider Youtube, link and file mirrored", async () => {
    const response = await post(ada, "/api/assetService/video", [
      { name: "provider", value: "Youtube" },
      { name: "link", value: "https://youtu.be/dQw4w9WgXcQ" },
      { name: "title", value: "Talk" },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      provider: "Youtube",
      link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      file: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      youtubeVideoId: "dQw4w9WgXcQ",
      thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    });
    const bad = await post(ada, "/api/assetService/video", [
      { name: "provider", value: "Youtube" },
      { name: "link", value: "https://vimeo.com/1" },
    ]);
    expect(bad.statusCode).toBe(400);
    const thumb = await as(null)({
      method: "GET",
      url: "/api/assetService/video/youtube/thumbnail?link=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ",
    });
    expect(thumb.json().thumbnailUrl).toBe("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
  });

  it("uploads WAV and MP3 audio with their durations", async () => {
    const named = await post(ada, "/api/assetService/picture", [
      {
        name: "assetFile",
        filename: "b.jpg",
        contentType: "image/jpeg",
        data: await sampleJpegWithExif(30, 20),
      },
    ]);
    expect(named.statusCode).toBe(201);
    const wav = await post(ada, "/api/assetService/audio", [
      { name: "audioFile", filename: "tone.wav", contentType: "audio/wav", data: sampleWav(2) },
    ]);
    expect(wav.statusCode).toBe(201);
    expect(wav.json()).toMatchObject({ family: "audio", contentType: "audio/wav", duration: 2 });
    const mp3 = await post(ada, "/api/assetService/audio", [
      { name: "file", filename: "quiet.mp3", contentType: "audio/mpeg", data: sampleMp3(383) },
    ]);
    expect(mp3.statusCode).toBe(201);
    expect(mp3.json().contentType).toBe("audio/mpeg");
    const wrong = await post(ada, "/api/assetService/audio", [
      { name: "file", filename: "song.mp3", contentType: "audio/mpeg", data: sampleMp4() },
    ]);
    expect(wrong.statusCode).toBe(400);
  });

  it("creates web views and info points, and edits them", async () => {
    const view = await as(ada)({
      method: "POST",
      url: "/api/assetService/webview3d",
      payload: { url: "https://example.com/menu" },
    });
    expect(view.statusCode).toBe(201);
    expect(view.json()).toMatchObject({
      family: "webview3d",
      url: "https://example.com/menu",
      title: "example.com",
    });
    const bad = await as(ada)({
      method: "POST",
      url: "/api/assetService/webview3d",
      payload: { url: "javascript:alert(1)" },
    });
    expect(bad.statusCode).toBe(400);
    const info = await as(ada)({
      method: "POST",
      url: "/api/assetService/infopoint",
      payload: { title: "Exit", body: "Down the stairs", category: "directions" },
    });
    expect(info.statusCode).toBe(201);
    const edited = await as(ada)({
      method: "PATCH",
      url: `/api/assetService/infopoint/${info.json().assetId}`,
      payload: { body: "Left, then down" },
    });
    expect(edited.json()).toMatchObject({ body: "Left, then down", category: "directions" });
  });
});

describe("deleting and access", () => {
  it("refuses to delete an asset a saved space places, naming the space", async () => {
    // the scenes' tables belong to the spaces work: made here with the columns used, when absent
    const run = (query: string, params: unknown[] = []) =>
      t.context.database.withExclusiveSession("test", (session) => session.query(query, params));
    await run(`CREATE TABLE IF NOT EXISTS scenes (id text PRIMARY KEY, owner_id text NOT NULL, creator_id text NOT NULL,
      title text NOT NULL DEFAULT '', updated_at timestamptz NOT NULL DEFAULT now())`);
    await run(`CREATE TABLE IF NOT EXISTS scene_contents (scene_id text PRIMARY KEY REFERENCES scenes (id) ON DELETE CASCADE,
      document jsonb NOT NULL, revision integer NOT NULL DEFAULT 1, updated_at timestamptz NOT NULL DEFAULT now())`);
    const picture = (
      await post(ada, "/api/assetService/picture", [
        {
          name: "file",
          filename: "used.jpg",
          contentType: "image/jpeg",
          data: await sampleJpegWithExif(40, 30),
        },
      ])
    ).json();
    await run(
      "INSERT INTO scenes (id, owner_id, creator_id, title) VALUES ('scene-gallery', $1, $1, 'Spring show')",
      [ada.userId],
    );
    const document = {
      version: 1,
      pictures: [
        { id: "item-1", assetId: picture.assetId, position: [0, 1.6, 0], levelId: "ground" },
      ],
    };
    await run(
      "INSERT INTO scene_contents (scene_id, document) VALUES ('scene-gallery', $1::jsonb)",
      [JSON.stringify(document)],
    );
    const refused = await as(ada)({
      method: "DELETE",
      url: `/api/assetService/picture/${picture.assetId}`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This asset is used in "Spring show"; remove it from the space before deleting it',
    );
    await run("DELETE FROM scenes WHERE id = 'scene-gallery'");
    expect(
      (await as(ada)({ method: "DELETE", url: `/api/assetService/picture/${picture.assetId}` }))
        .statusCode,
    ).toBe(204);
  });

  it("deletes an asset with its files; others may not; signed out is 401", async () => {
    const created = (
      await post(ada, "/api/assetService/model3d", [
        {
          name: "file",
          filename: "x.glb",
          contentType: "model/gltf-binary",
          data: await sampleGlb({ grid: 3 }),
        },
      ])
    ).json();
    const before = await counts();
    expect(
      (await as(bob)({ method: "DELETE", url: `/api/assetService/model3d/${created.assetId}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(null)({ method: "DELETE", url: `/api/assetService/model3d/${created.assetId}` }))
        .statusCode,
    ).toBe(401);
    expect(
      (await as(ada)({ method: "DELETE", url: `/api/assetService/picture/${created.assetId}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(ada)({ method: "DELETE", url: `/api/assetService/model3d/${created.assetId}` }))
        .statusCode,
    ).toBe(204);
    const after = await counts();
    expect(after.assets).toBe(before.assets - 1);
    expect(after.files).toBe(before.files - 3);
    expect((await as(null)({ method: "GET", url: created.fileUrl })).statusCode).toBe(404);
  });

  it("answers 401 to uploads and library lists when signed out", async () => {
    expect(
      (await as(null)({ method: "GET", url: "/api/assetService/picture/myLibrary" })).statusCode,
    ).toBe(401);
    const response = await post(null, "/api/assetService/picture", [
      {
        name: "file",
        filename: "a.jpg",
        contentType: "image/jpeg",
        data: await sampleJpegWithExif(10, 10),
      },
    ]);
    expect(response.statusCode).toBe(401);
  });

  it("reports the storage used against the plan's quota", async () => {
    const usage = (await as(ada)({ method: "GET", url: "/api/assetService/storage/my" })).json();
    expect(usage.usedBytes).toBeGreaterThan(0);
    expect(usage).toMatchObject({
      quotaBytes: 256 * 1024 * 1024,
      fileMaxBytes: 3 * 1024 * 1024,
      modelMaxBytes: 4194304,
    });
  });
});

describe("quota and rate limit", () => {
  it("refuses an upload past the storage quota with a clear message, keeping nothing", async () => {
    const small = await createTestApp({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "atrium-quota-")),
      STORAGE_QUOTA_BYTES: "200000",
    });
    try {
      const user = await signUpUser(small, { name: "Cleo" });
      const send = async (data: Uint8Array) => {
        const body = multipart([
          { name: "file", filename: "p.jpg", contentType: "image/jpeg", data },
        ]);
        return clientFor(
          small,
          user,
        )({
          method: "POST",
          url: "/api/assetService/picture",
          payload: body.payload,
          headers: body.headers,
        });
      };
      expect((await send(await sampleJpegWithExif(200, 100))).statusCode).toBe(201);
      // noise does not compress: this one alone is larger than what is left
      const noise = Buffer.alloc(900 * 600 * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      const big = await sharp(noise, { raw: { width: 900, height: 600, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer();
      const before = await small.context.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(files);
      const answer = await send(new Uint8Array(big));
      expect(answer.statusCode).toBe(413);
      expect(answer.json().message).toMatch(
        /^Your library is full: [\d.]+ KB of 195.31 KB used\. Delete assets you no longer need to upload more\.$/,
      );
      const after = await small.context.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(files);
      expect(after).toEqual(before);
    } finally {
      await small.close();
    }
  });

  it("limits uploads per minute", async () => {
    const user = await signUpUser(t, { name: "Dan" });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (
          await as(user)({
            method: "POST",
            url: "/api/assetService/webview3d",
            payload: { url: `https://example.com/${i}` },
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
