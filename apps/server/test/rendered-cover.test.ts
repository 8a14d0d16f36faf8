import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePremadeSpaces } from "../src/modules/scenes/premade-content.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { multipart } from "./support/multipart.js";
import { createDraft, SCENES } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// A space's default cover and thumbnail are the editor's rendered view of the space
// (thumbnailUriFile), replaced by each new one; a cover the creator uploads is kept and shown.

let t: TestApp;
let ada: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await ensurePremadeSpaces(t.context.database);
  ada = await signUpUser(t, { name: "Ada", plan: "pro" });
});
afterAll(async () => {
  await t.close();
});

const as = (user: TestUser | null) => clientFor(t, user);
const view = (colour: string) =>
  sharp({ create: { width: 640, height: 360, channels: 3, background: colour } })
    .webp()
    .toBuffer();
const patchFiles = (sceneId: string, field: string, data: Buffer, type = "image/webp") => {
  const body = multipart([{ name: field, filename: "view.webp", contentType: type, data }]);
  return as(ada)({
    method: "PATCH",
    url: `${SCENES}/scene/metadata/${sceneId}`,
    payload: body.payload,
    headers: body.headers,
  });
};
const served = async (uri: string) => (await as(null)({ method: "GET", url: uri })).statusCode;

describe("the rendered view of a space", { timeout: 30_000 }, () => {
  it("is its cover and thumbnail until the creator uploads a cover, which is then kept", async () => {
    const draft = await createDraft(t, ada);
    const first = await patchFiles(draft.sceneId, "thumbnailUriFile", await view("#336699"));
    expect(first.statusCode, first.body).toBe(200);
    const one = first.json();
    expect(one.thumbnailUri).toMatch(/^\/api\/fileService\/file\//);
    expect(one.coverPhotoUri).toBe(one.thumbnailUri);
    expect(await served(one.thumbnailUri)).toBe(200);

    // the next save's view replaces it; the old one is deleted
    const second = (
      await patchFiles(draft.sceneId, "thumbnailUriFile", await view("#996633"))
    ).json();
    expect(second.thumbnailUri).not.toBe(one.thumbnailUri);
    expect(second.coverPhotoUri).toBe(second.thumbnailUri);
    expect(await served(one.thumbnailUri)).toBe(404);

    // the creator's own cover: kept, and what cards show
    const own = (
      await patchFiles(draft.sceneId, "coverPhotoUriFile", await view("#112233"))
    ).json();
    expect(own.coverPhotoUri).not.toBe(second.thumbnailUri);
    expect(own.thumbnailUri).toBe(own.coverPhotoUri);
    expect(await served(second.thumbnailUri)).toBe(404);
    const third = await patchFiles(draft.sceneId, "thumbnailUriFile", await view("#445566"));
    expect(third.statusCode).toBe(200);
    expect(third.json().coverPhotoUri).toBe(own.coverPhotoUri);
    expect(third.json().thumbnailUri).toBe(own.coverPhotoUri);
    expect(await served(own.coverPhotoUri)).toBe(200);
  });

  it("replaces a premade space's picture", async () => {
    const families = await as(null)({ method: "GET", url: `${SCENES}/premadescene` });
    const family = families.json()[0];
    const one = await as(null)({
      method: "GET",
      url: `${SCENES}/premadescene/${family.spaceTemplateFamilyId}`,
    });
    const template = one.json().templates[0];
    await t.context.database.withExclusiveSession("test", (session) =>
      session.query(
        "UPDATE space_templates SET cover_photo = '/api/fileService/file/premade-cover' WHERE id = $1",
        [template.spaceTemplateId],
      ),
    );
    const draft = await createDraft(t, ada, { spaceTemplateId: template.spaceTemplateId });
    const rendered = (
      await patchFiles(draft.sceneId, "thumbnailUriFile", await view("#778899"))
    ).json();
    expect(rendered.coverPhotoUri).toBe(rendered.thumbnailUri);
    expect(draft.coverPhotoUri).toBe("/api/fileService/file/premade-cover");
    expect(rendered.coverPhotoUri).not.toBe(draft.coverPhotoUri);
  });

  it("refuses a file that is not a picture with 400 naming the field", async () => {
    const draft = await createDraft(t, ada);
    const bad = await patchFiles(
      draft.sceneId,
      "thumbnailUriFile",
      Buffer.from("not a picture"),
      "image/webp",
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("thumbnailUriFile");
  });
});
