import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assets } from "../src/db/schema/index.js";
import { createTestApp, type TestApp } from "./support/app.js";
import {
  boxDocument,
  caseIO,
  morphDocument,
  nodeAnimationDocument,
  skinnedDocument,
} from "./support/gltf-cases.js";
import { multipart } from "./support/multipart.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// Issue 21 item 5: the API names a model's animation clips (the editor lets the creator play
// one, all or none). The names are kept at upload, as three.js's loader reports them; models
// stored before that get them on their first read.

let t: TestApp;
let dataDir: string;
let ada: TestUser;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "atrium-model-clips-"));
  t = await createTestApp({ DATA_DIR: dataDir });
  ada = await signUpUser(t, { name: "Ada" });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(glb: Uint8Array, name: string) {
  const body = multipart([
    { name: "file", filename: name, contentType: "model/gltf-binary", data: glb },
    { name: "title", value: name },
  ]);
  const response = await clientFor(
    t,
    ada,
  )({
    method: "POST",
    url: "/api/assetService/model3d",
    payload: body.payload,
    headers: body.headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    assetId: string;
    animationClips: string[];
    animationClipCount: number;
  };
}

/** A skinned box with its bending clip, and an unnamed clip that slides the box: two clips. */
async function animatedGlb() {
  const { document, node } = skinnedDocument();
  const buffer = document.getRoot().listBuffers()[0];
  const input = document
    .createAccessor()
    .setType("SCALAR")
    .setArray(new Float32Array([0, 1]))
    .setBuffer(buffer ?? null);
  const output = document
    .createAccessor()
    .setType("VEC3")
    .setArray(new Float32Array([0, 0, 0, 1, 0, 0]))
    .setBuffer(buffer ?? null);
  const sampler = document.createAnimationSampler().setInput(input).setOutput(output);
  const channel = document
    .createAnimationChannel()
    .setTargetNode(node)
    .setTargetPath("translation")
    .setSampler(sampler);
  document.createAnimation("").addSampler(sampler).addChannel(channel);
  return (await caseIO()).writeBinary(document);
}

describe("a model's animation clips", () => {
  it("are named by the upload's answer, by GET and by the library list, in the file's order", async () => {
    const uploaded = await upload(await animatedGlb(), "rigged.glb");
    expect(uploaded.animationClipCount).toBe(2);
    expect(uploaded.animationClips).toEqual(["bend", "animation_1"]);

    const one = await clientFor(
      t,
      ada,
    )({
      method: "GET",
      url: `/api/assetService/model3d/${uploaded.assetId}`,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().animationClips).toEqual(["bend", "animation_1"]);

    const list = await clientFor(
      t,
      ada,
    )({ method: "GET", url: "/api/assetService/model3d/myLibrary" });
    const listed = (list.json() as { assetId: string; animationClips: string[] }[]).find(
      (asset) => asset.assetId === uploaded.assetId,
    );
    expect(listed?.animationClips).toEqual(["bend", "animation_1"]);
  });

  it("names morph and node clips, and none for a model without animation", async () => {
    expect(
      (await upload(await (await caseIO()).writeBinary(morphDocument().document), "grow.glb"))
        .animationClips,
    ).toEqual(["grow"]);
    expect(
      (
        await upload(
          await (await caseIO()).writeBinary(nodeAnimationDocument().document),
          "slide.glb",
        )
      ).animationClips,
    ).toEqual(["slide"]);
    const still = await upload(
      await (await caseIO()).writeBinary(boxDocument().document),
      "box.glb",
    );
    expect(still.animationClips).toEqual([]);
  });

  it("of a model stored before the names were kept are read from its file on first read, then stored", async () => {
    const uploaded = await upload(
      await (await caseIO()).writeBinary(skinnedDocument().document),
      "old.glb",
    );
    const { db } = t.context.database;
    // as stored by the previous build: the count, no names
    await db
      .update(assets)
      .set({ details: sql`${assets.details} - 'animationClips'` })
      .where(eq(assets.id, uploaded.assetId));
    const [before] = await db.select().from(assets).where(eq(assets.id, uploaded.assetId));
    expect(
      (before?.details as Record<string, unknown> | undefined)?.animationClips,
    ).toBeUndefined();

    const one = await clientFor(
      t,
      ada,
    )({
      method: "GET",
      url: `/api/assetService/model3d/${uploaded.assetId}`,
    });
    expect(one.json().animationClips).toEqual(["bend"]);
    const [after] = await db.select().from(assets).where(eq(assets.id, uploaded.assetId));
    expect((after?.details as Record<string, unknown> | undefined)?.animationClips).toEqual([
      "bend",
    ]);
    // reading the names is no edit: the library's order stays
    expect(after?.updatedAt.toISOString()).toBe(before?.updatedAt.toISOString());
  });
});
