import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../src/app.js";
import { migrate } from "../src/db/migrate.js";
import { seedDemoContent } from "../src/seed/index.js";
import { createTestApp, type TestApp } from "./support/app.js";

describe("foundation API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("GET /api/health reports ok, the database engine in use and the version", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ok",
      db: process.env.DATABASE_URL ? "postgres" : "pglite",
      redis: process.env.REDIS_URL ? "connected" : "not configured",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it("an unknown /api path is a JSON 404, never the web app", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/no-such-thing?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      error: "Not Found",
      message: "Route GET /api/no-such-thing not found",
    });
  });

  it("serves the OpenAPI document at /api/docs", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths).toHaveProperty("/api/health");
  });

  it("sets security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
  });

  it("lets pages read the blob URLs they make (a glb model's embedded textures)", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toMatch(/connect-src 'self' blob:/);
    expect(policy).not.toMatch(/connect-src[^;]*(\*|https:)/);
  });

  it("migrations are idempotent: a second run applies nothing", async () => {
    expect(await migrate(t.context.database)).toEqual([]);
  });

  it("seeds demo content once: the marker stops a second seeding", async () => {
    const runs: string[] = [];
    const seeder = { name: "probe", run: async () => void runs.push("probe") };
    expect(await seedDemoContent(t.context, [seeder])).toBe(true);
    expect(await seedDemoContent(t.context, [seeder])).toBe(false);
    expect(runs).toEqual(["probe"]);
  });
});

describe("bad input never causes a 500", () => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await createTestApp({ BODY_LIMIT_BYTES: "2048" });
    // a JSON route shaped like the real ones, to probe the shared parsing and validation
    app = await buildApp({ context: t.context, webDistDir: null });
    app.post(
      "/api/probe",
      { schema: { body: z.object({ title: z.string().max(100), count: z.number().int() }) } },
      async (request) => ({ received: request.body }),
    );
    app.get(
      "/api/limited",
      { config: { rateLimit: { max: 2, timeWindow: "1 minute" } } },
      async () => ({ ok: true }),
    );
    app.get("/api/explode", async () => {
      throw new Error("database password is hunter2");
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const post = (payload: string, contentType = "application/json") =>
    app.inject({
      method: "POST",
      url: "/api/probe",
      payload,
      headers: { "content-type": contentType },
    });

  it("accepts a valid body", async () => {
    const response = await post(JSON.stringify({ title: "Gallery", count: 2 }));
    expect(response.statusCode).toBe(200);
  });

  it("malformed JSON: 400 with a message", async () => {
    const response = await post('{"title": "Gallery",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "Bad Request", message: "Malformed JSON body" });
  });

  it("a field that breaks the schema: 400 naming the field and the reason", async () => {
    const response = await post(JSON.stringify({ title: "x".repeat(101), count: 1.5 }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe("Bad Request");
    expect(body.fields.map((f: { path: string }) => f.path)).toEqual(["body.title", "body.count"]);
    expect(body.message).toMatch(/^body\.title: /);
  });

  it("a wrong content type: 415", async () => {
    const response = await post("title=Gallery", "application/x-www-form-urlencoded");
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe("Unsupported Media Type");
  });

  it("an oversized body: 413", async () => {
    const response = await post(JSON.stringify({ title: "x".repeat(4000), count: 1 }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: "Payload Too Large" });
  });

  it("an empty JSON body: 400", async () => {
    const response = await post("");
    expect(response.statusCode).toBe(400);
  });

  it("a rate-limited route answers 429 with Retry-After once the limit is used", async () => {
    const hit = () => app.inject({ method: "GET", url: "/api/limited" });
    expect((await hit()).statusCode).toBe(200);
    expect((await hit()).statusCode).toBe(200);
    const refused = await hit();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: "Too Many Requests",
      message: "Too many requests, please try again later",
    });
  });

  it("our own fault is a 500 that leaks nothing", async () => {
    const response = await app.inject({ method: "GET", url: "/api/explode" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: "Internal Server Error",
      message: "Something went wrong",
    });
  });
});

describe("web app serving", () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = await mkdtemp(path.join(tmpdir(), "atrium-web-"));
    await writeFile(
      path.join(dist, "index.html"),
      '<!doctype html><html><head><title>Atrium</title><meta name="atrium-config" content="{}" /><script type="module" crossorigin src="/assets/app-abc123.js"></script></head><body></body></html>',
    );
    const { mkdir } = await import("node:fs/promises");
    await mkdir(path.join(dist, "assets"));
    // Vite's build manifest: the viewer's chunks are preloaded on viewer pages
    await mkdir(path.join(dist, ".vite"));
    await writeFile(
      path.join(dist, ".vite", "manifest.json"),
      JSON.stringify({
        "index.html": { file: "assets/app-abc123.js", isEntry: true },
        "src/pages/viewer/route.ts": { file: "assets/route-v1.js", imports: ["_ui.js"] },
        "_ui.js": { file: "assets/ui-v1.js" },
        "src/engine/index.ts": { file: "assets/engine-v1.js", imports: ["_three.js"] },
        "src/pages/viewer/boot.ts": {
          file: "assets/viewer-boot-v1.js",
          isEntry: true,
          dynamicImports: ["src/pages/viewer/early-start.ts"],
        },
        "src/pages/viewer/early-start.ts": {
          file: "assets/early-start-v1.js",
          imports: ["src/engine/index.ts"],
        },
        "_three.js": { file: "assets/three-v1.js" },
      }),
    );
    await writeFile(path.join(dist, "assets", "app-abc123.js"), "console.log(1)");
    await writeFile(path.join(dist, "assets", "ktx2-worker-shim-k1.js"), "importScripts()");
    // sizes order the early start's modules (largest first)
    await writeFile(path.join(dist, "assets", "three-v1.js"), "x".repeat(3000));
    await writeFile(path.join(dist, "assets", "engine-v1.js"), "x".repeat(2000));
    await writeFile(path.join(dist, "assets", "early-start-v1.js"), "x".repeat(100));
    const { brotliCompressSync } = await import("node:zlib");
    await writeFile(
      path.join(dist, "assets", "app-abc123.js.br"),
      brotliCompressSync("console.log(1)"),
    );
    t = await createTestApp({}, { webDistDir: dist });
  });
  afterAll(() => t.close());

  it("deep links get index.html, never cached", async () => {
    const response = await t.app.inject({ method: "GET", url: "/resources/guides/some-guide" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<title>Atrium</title>");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("writes the public runtime settings into index.html", async () => {
    const response = await t.app.inject({ method: "GET", url: "/explore" });
    const match = response.body.match(/<meta name="atrium-config" content="([^"]*)"/);
    const config = JSON.parse((match?.[1] ?? "").replaceAll("&quot;", '"'));
    expect(config).toMatchObject({ baseDomain: "localhost", translationsUrl: null });
    expect(config.socialLinks[0]).toEqual({
      name: "linkedin",
      url: "https://www.linkedin.com/company/atrium-spaces",
    });
  });

  it("hashed assets are cached for a year", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toContain("immutable");
  });

  it("gives the KTX2 transcoder's worker file a policy of its own; scripts and pages keep theirs", async () => {
    const worker = await t.app.inject({ method: "GET", url: "/assets/ktx2-worker-shim-k1.js" });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-security-policy"]).toContain("'unsafe-eval'");
    expect(worker.headers["content-security-policy"]).toContain("default-src 'none'");
    for (const url of ["/assets/app-abc123.js", "/explore"]) {
      const other = await t.app.inject({ method: "GET", url });
      expect(other.headers["content-security-policy"]).not.toContain("'unsafe-eval'");
    }
  });

  it("sends the precompressed brotli file to browsers that accept it", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
  });

  it("a missing asset is a 404, not index.html", async () => {
    const response = await t.app.inject({ method: "GET", url: "/assets/gone-123.js" });
    expect(response.statusCode).toBe(404);
    // an encoded way out of the folder (a plain ../ is resolved by the client before it asks)
    for (const url of ["/assets/%2e%2e%2findex.html", "/assets/..%2Findex.html", "/assets/"])
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
  });

  it("answers HEAD for an asset and varies on the accepted encodings", async () => {
    const response = await t.app.inject({
      method: "HEAD",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("");
    expect(response.headers.vary).toContain("accept-encoding");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-length"]).toBe(String("console.log(1)".length));
  });

  it("answers a revalidation with the asset's tag with 304 and no body", async () => {
    const first = await t.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "br" },
    });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "br", "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    // another encoding is another representation: sent in full
    const other = await t.app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "if-none-match": etag },
    });
    expect(other.statusCode).toBe(200);
  });

  it("viewer pages start the viewer early and preload the space's calls", async () => {
    const links = (body: string) =>
      [...body.matchAll(/<link [^>]*>|<script [^>]*>/g)].map((match) => match[0]);
    const viewer = await t.app.inject({ method: "GET", url: "/viewer/scene-1" });
    expect(viewer.statusCode).toBe(200);
    // the early start's modules, largest first; its script; the space's calls
    expect(links(viewer.body)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/three-v1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/engine-v1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/early-start-v1.js" />',
      '<script type="module" async crossorigin src="/assets/viewer-boot-v1.js">',
      '<link rel="preload" as="fetch" crossorigin href="/api/sceneService/publishedscene/metadata/scene-1" />',
      '<link rel="preload" as="fetch" crossorigin href="/api/sceneService/publishedscene/content/scene-1" />',
      '<link rel="preload" as="fetch" crossorigin href="/api/sceneService/sceneassets/scene-1" />',
      // then the app's own entry: it downloads at once and runs once the early start lets it
      '<link rel="modulepreload" crossorigin href="/assets/app-abc123.js" data-atrium-app />',
    ]);
    expect(viewer.body.indexOf("three-v1.js")).toBeLessThan(viewer.body.indexOf("</head>"));
    const draft = await t.app.inject({ method: "GET", url: "/viewer/embed/scene-1?draft=true" });
    expect(draft.body).toContain('href="/api/sceneService/scene/content/scene-1"');
    expect(draft.body).toContain('href="/api/sceneService/sceneassets/scene-1?draft=true"');
    expect(draft.headers["content-security-policy"]).toContain("frame-ancestors *");
    // other pages are left as they are
    const explore = await t.app.inject({ method: "GET", url: "/explore" });
    expect(links(explore.body)).toEqual([
      '<script type="module" crossorigin src="/assets/app-abc123.js">',
    ]);
  });

  it("only the embed route may be framed by other sites", async () => {
    const embed = await t.app.inject({ method: "GET", url: "/viewer/embed/abc?showSignIn=1" });
    expect(embed.headers["content-security-policy"]).toContain("frame-ancestors *");
    expect(embed.headers["x-frame-options"]).toBeUndefined();
    const viewer = await t.app.inject({ method: "GET", url: "/viewer/abc" });
    expect(viewer.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(viewer.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });
});
