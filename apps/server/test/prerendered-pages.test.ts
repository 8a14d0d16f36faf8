import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cmsSeeder } from "../src/seed/cms.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { clientFor, signUpUser } from "./support/users.js";

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

const INDEX = `<!doctype html><html lang="en"><head><meta name="atrium-config" content="{}" /></head><body><div id="root"></div></body></html>`;
const page = (name: string) =>
  `<!doctype html><html lang="en" data-mantine-color-scheme="light"><head><meta name="atrium-config" content="{}" /><title>${name}</title></head><body><div id="root"><h1>${name}</h1></div></body></html>`;

describe("prerendered pages", () => {
  let t: TestApp;
  let dist: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity", ...headers } });

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), "atrium-web-"));
    writeFileSync(path.join(dist, "index.html"), INDEX);
    t = await createTestApp({}, { webDistDir: dist });
    await cmsSeeder.run(t.context);
    // a build's output: two pages, each with the hashes of the API answers it was rendered from
    const answer = async (url: string) => sha256((await t.app.inject({ method: "GET", url })).body);
    const prerendered = path.join(dist, "prerendered");
    mkdirSync(path.join(prerendered, "pricing"), { recursive: true });
    writeFileSync(path.join(prerendered, "index.html"), page("Home"));
    writeFileSync(path.join(prerendered, "pricing/index.html"), page("Pricing"));
    const manifest = {
      version: 1,
      renderedWith: { socialLinks: t.context.config.socialLinks, year: new Date().getFullYear() },
      pages: {
        "/": {
          file: "index.html",
          data: {
            "/cms/api/categories": await answer("/cms/api/categories"),
            "/cms/api/faqs": await answer("/cms/api/faqs"),
          },
        },
        "/pricing": {
          file: "pricing/index.html",
          data: { "/cms/api/categories": await answer("/cms/api/categories") },
        },
      },
    };
    writeFileSync(path.join(prerendered, "manifest.json"), JSON.stringify(manifest));
  });
  afterAll(() => t.close());

  it("serves a current prerendered page, with the runtime settings written into it", async () => {
    const response = await get("/pricing");
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-atrium-prerendered"]).toBe("1");
    expect(response.body).toContain("<h1>Pricing</h1>");
    expect(response.body).toContain('<meta name="atrium-config" content="{&quot;baseDomain&quot;');
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect((await get("/pricing/")).body).toContain("<h1>Pricing</h1>");
  });

  it("compresses it when the browser accepts brotli", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain("<h1>Home</h1>");
  });

  it("ignores tracking parameters but not a query that changes the page", async () => {
    expect((await get("/pricing?utm_source=newsletter&fbclid=1")).body).toContain(
      "<h1>Pricing</h1>",
    );
    const filtered = await get("/pricing?interval=month");
    expect(filtered.headers["x-atrium-prerendered"]).toBeUndefined();
    expect(filtered.body).toContain('<div id="root"></div>');
  });

  it("is not served on a district's own host, where home is the district", async () => {
    const response = await get("/", { host: "demo.localhost" });
    expect(response.body).toContain('<div id="root"></div>');
  });

  it("is never served as a plain file", async () => {
    expect((await get("/prerendered/pricing/index.html")).statusCode).toBe(404);
    expect((await get("/prerendered/manifest.json")).statusCode).toBe(404);
    // other spellings of the same file
    expect((await get("/%70rerendered/manifest.json")).statusCode).toBe(404);
    expect((await get("/assets/../prerendered/manifest.json")).statusCode).not.toBe(200);
    expect((await get("/prerendered/./manifest.json")).statusCode).not.toBe(200);
  });

  it("falls back to the app shell once content it shows has changed", async () => {
    expect((await get("/")).body).toContain("<h1>Home</h1>");
    const admin = await signUpUser(t, { admin: true });
    await clientFor(
      t,
      admin,
    )({ method: "POST", url: "/cms/api/admin/faqs/what-is-atrium/unpublish" });
    const home = await get("/");
    expect(home.headers["x-atrium-prerendered"]).toBeUndefined();
    expect(home.body).toContain('<div id="root"></div>');
    // pages that do not show the FAQs stay prerendered
    expect((await get("/pricing")).body).toContain("<h1>Pricing</h1>");
  });
});

describe("prerendered pages built with other settings", () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "atrium-web-"));
    writeFileSync(path.join(dist, "index.html"), INDEX);
    mkdirSync(path.join(dist, "prerendered"));
    writeFileSync(path.join(dist, "prerendered/index.html"), page("Home"));
    writeFileSync(
      path.join(dist, "prerendered/manifest.json"),
      JSON.stringify({
        version: 1,
        renderedWith: {
          socialLinks: [{ name: "x", url: "https://x.com/other" }],
          year: new Date().getFullYear(),
        },
        pages: { "/": { file: "index.html", data: {} } },
      }),
    );
    t = await createTestApp({}, { webDistDir: dist });
  });
  afterAll(() => t.close());

  it("are not served: their footer would not match what the app renders", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.body).toContain('<div id="root"></div>');
  });
});
