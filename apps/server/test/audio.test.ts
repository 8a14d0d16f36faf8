import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assets, files } from "../src/db/schema/index.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { sampleMp3, sampleMp4, sampleWav } from "./support/media.js";
import { multipart } from "./support/multipart.js";
import { SCENES } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// Audio has a way in (issue 15.6): a creator uploads WAV or MP3 to the library, lists it, plays
// it from the file service, and names it as a space's background audio. Bad input is refused
// with 400 naming the file and the reason, and nothing is stored.

let t: TestApp;
let dataDir: string;
let ada: TestUser;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "atrium-audio-"));
  // a small per-file limit, so that the size check is quick to reach
  t = await createTestApp({ DATA_DIR: dataDir, UPLOAD_MAX_BYTES: "200000" });
  ada = await signUpUser(t, { name: "Ada" });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const as = (user: TestUser | null) => clientFor(t, user);
const upload = (filename: string, contentType: string, data: Uint8Array, field = "file") => {
  const body = multipart([
    { name: "title", value: filename },
    { name: field, filename, contentType, data },
  ]);
  return as(ada)({
    method: "POST",
    url: "/api/assetService/audio",
    payload: body.payload,
    headers: body.headers,
  });
};
const counts = async () => {
  const { db } = t.context.database;
  const [stored] = await db.select({ count: sql<number>`count(*)::int` }).from(files);
  const [listed] = await db.select({ count: sql<number>`count(*)::int` }).from(assets);
  return { files: stored?.count, assets: listed?.count };
};

describe("audio in the library", { timeout: 30_000 }, () => {
  it("uploads a WAV, lists it in My Library, serves it as audio and sets it as a space's background audio", async () => {
    const answer = await upload("birdsong.wav", "audio/wav", sampleWav(3));
    expect(answer.statusCode, answer.body).toBe(201);
    const asset = answer.json();
    expect(asset).toMatchObject({
      family: "audio",
      title: "birdsong.wav",
      contentType: "audio/wav",
      duration: 3,
    });
    const mine = await as(ada)({ method: "GET", url: "/api/assetService/audio/myLibrary" });
    expect(mine.json().map((item: { assetId: string }) => item.assetId)).toContain(asset.assetId);
    const file = await as(null)({ method: "GET", url: asset.fileUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toMatch(/^audio\/wav/);
    expect(file.rawPayload.subarray(0, 4).toString("ascii")).toBe("RIFF");

    const created = await as(ada)({
      method: "POST",
      url: `${SCENES}/scene/metadata`,
      payload: { title: "Birds" },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const sceneId = created.json().sceneId as string;
    const patched = await as(ada)({
      method: "PATCH",
      url: `${SCENES}/scene/metadata/${sceneId}`,
      payload: { audioUri: asset.fileUrl },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const metadata = await as(ada)({ method: "GET", url: `${SCENES}/scene/metadata/${sceneId}` });
    expect(metadata.json().audioUri).toBe(asset.fileUrl);
  });

  it("uploads an MP3 sent as audioFile", async () => {
    const answer = await upload("quiet.mp3", "audio/mpeg", sampleMp3(383), "audioFile");
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ contentType: "audio/mpeg" });
    expect(answer.json().duration).toBeCloseTo(10, 0);
  });

  it.each([
    ["not audio at all", "notes.wav", "audio/wav", new TextEncoder().encode("just some text\n")],
    ["a video named .mp3", "song.mp3", "audio/mpeg", sampleMp4()],
  ])("refuses %s with 400 naming the file and what was expected", async (_, name, type, data) => {
    const before = await counts();
    const answer = await upload(name, type, data);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(name);
    expect(answer.json().message).toMatch(/WAV or MP3/);
    expect(await counts()).toEqual(before);
  });

  it("refuses a WAV whose header lies (cut short) with 400 naming the file", async () => {
    const before = await counts();
    const cut = sampleWav(1).subarray(0, 30);
    const answer = await upload("cut.wav", "audio/wav", cut);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain("cut.wav");
    expect(await counts()).toEqual(before);
  });

  // an oversized file is 413 as every upload of the platform (the multipart reader stops at the
  // limit), with the same kind of message
  it("refuses an empty file (400) and a file over the size limit (413), naming the file and the reason", async () => {
    const before = await counts();
    const empty = await upload("silence.wav", "audio/wav", new Uint8Array(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("silence.wav");
    expect(empty.json().message).toMatch(/empty/);
    // 8 kHz 16-bit mono: 16 KB a second, so 20 s is well over the 200 KB limit
    const long = await upload("long.wav", "audio/wav", sampleWav(20));
    expect(long.statusCode).toBe(413);
    expect(long.json().message).toContain("long.wav");
    expect(long.json().message).toMatch(/larger than/);
    expect(await counts()).toEqual(before);
  });

  it("refuses a signed-out upload", async () => {
    const body = multipart([
      { name: "file", filename: "a.wav", contentType: "audio/wav", data: sampleWav(1) },
    ]);
    const answer = await as(null)({
      method: "POST",
      url: "/api/assetService/audio",
      payload: body.payload,
      headers: body.headers,
    });
    expect(answer.statusCode).toBe(401);
  });
});
