import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { multipart } from "./support/multipart.js";
import { createDraft, SCENES } from "./support/spaces.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

// The text rule (packages/domain/src/rules/text-rule.ts, docs/decisions.md): control characters
// and lone surrogates are refused with a 400 naming the field, wherever a client sends them,
// and nothing is stored. These were 500s before the rule.

let t: TestApp;
let ada: TestUser;
let sceneId: string;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUpUser(t);
  // one draft for every case: a free account has few
  sceneId = (await createDraft(t, ada, { title: "Before" })).sceneId;
});
afterAll(() => t.close());

const as = (user: TestUser | null) => clientFor(t, user);

describe("text a client sends", () => {
  it("refuses NUL and a lone surrogate in a space's title, naming the field, and keeps the old title", async () => {
    const response = await as(ada)({
      method: "PATCH",
      url: `${SCENES}/scene/metadata/${sceneId}`,
      headers: { "content-type": "application/json" },
      payload: '{"title":"\\u0000\\ud800"}',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      message: "body.title: must not contain the control character U+0000",
      fields: [{ path: "body.title", message: "must not contain the control character U+0000" }],
    });
    const surrogate = await as(ada)({
      method: "PATCH",
      url: `${SCENES}/scene/metadata/${sceneId}`,
      headers: { "content-type": "application/json" },
      payload: '{"title":"a\\ud800"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().fields[0].path).toBe("body.title");
    expect(surrogate.json().message).toContain("lone surrogate (U+D800)");
    const stored = await as(ada)({ method: "GET", url: `${SCENES}/scene/metadata/${sceneId}` });
    expect(stored.json().title).toBe("Before");
  });

  it("refuses the same title on an info point and stores no asset", async () => {
    const before = await as(ada)({ method: "GET", url: "/api/assetService/infopoint" });
    const response = await as(ada)({
      method: "POST",
      url: "/api/assetService/infopoint",
      headers: { "content-type": "application/json" },
      payload: '{"title":"\\u0000\\ud800","body":"b","category":"directions"}',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields[0].path).toBe("body.title");
    const after = await as(ada)({ method: "GET", url: "/api/assetService/infopoint" });
    expect(after.body).toBe(before.body);
  });

  it("refuses controls in object keys, nested values, query strings and path parameters", async () => {
    const key = await as(ada)({
      method: "PUT",
      url: `${SCENES}/scene/content/${sceneId}`,
      headers: { "content-type": "application/json" },
      payload: '{"revision":0,"document":{"\\u0000":1}}',
    });
    expect(key.statusCode, key.body).toBe(400);
    expect(key.json().message).toContain("body.document.\ufffd: name must not contain");
    const query = await as(null)({
      method: "GET",
      url: `${SCENES}/publishedscene/metadata/search?q=a%00b`,
    });
    expect(query.statusCode, query.body).toBe(400);
    expect(query.json().fields[0].path).toBe("querystring.q");
    const param = await as(ada)({ method: "GET", url: `${SCENES}/scene/metadata/a%00b` });
    expect(param.statusCode, param.body).toBe(400);
    expect(param.json().fields[0].path).toMatch(/^params\./);
    const ansi = await as(null)({
      method: "GET",
      url: `${SCENES}/publishedscene/metadata/search?q=%1B%5B31m`,
    });
    expect(ansi.statusCode).toBe(400);
  });

  it("accepts tabs, line breaks, emoji and every script", async () => {
    const title = "Room\t1 \u6771\u4eac \ud83c\udfa8";
    const response = await as(ada)({
      method: "PATCH",
      url: `${SCENES}/scene/metadata/${sceneId}`,
      payload: { title, description: "line one\r\nline two" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().title).toBe(title);
  });

  it("refuses a JSON body that is not valid UTF-8 instead of storing U+FFFD", async () => {
    const kept = await as(ada)({ method: "GET", url: `${SCENES}/scene/metadata/${sceneId}` });
    const response = await as(ada)({
      method: "PATCH",
      url: `${SCENES}/scene/metadata/${sceneId}`,
      headers: { "content-type": "application/json" },
      payload: Buffer.concat([
        Buffer.from('{"title":"a'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}'),
      ]),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe("The request body is not valid UTF-8");
    const stored = await as(ada)({ method: "GET", url: `${SCENES}/scene/metadata/${sceneId}` });
    expect(stored.json().title).toBe(kept.json().title);
  });

  it("refuses controls in multipart fields and field names", async () => {
    const form = multipart([{ name: "title", value: "bad\u0007title" }]);
    const response = await as(ada)({
      method: "POST",
      url: "/api/assetService/picture",
      headers: form.headers,
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields[0]).toEqual({
      path: "body.title",
      message: "must not contain the control character U+0007",
    });
    const profile = multipart([{ name: "name", value: "Ada\u0000" }]);
    const patch = await as(ada)({
      method: "PATCH",
      url: `/api/userService/user/${ada.userId}`,
      headers: profile.headers,
      payload: profile.payload,
    });
    expect(patch.statusCode, patch.body).toBe(400);
    expect(patch.json().fields[0].path).toBe("body.name");
  });
});
