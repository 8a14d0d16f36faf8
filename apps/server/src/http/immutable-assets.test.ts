import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { matchesEtag } from "./etag.js";
import { createImmutableAssets } from "./immutable-assets.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "atrium-assets-"));
  writeFileSync(path.join(dir, "app-1.js"), "plain");
  writeFileSync(path.join(dir, "app-1.js.br"), "brotli");
  writeFileSync(path.join(dir, "app-1.js.gz"), "gzipped");
  writeFileSync(path.join(dir, "only-gz-1.css"), "plain css");
  writeFileSync(path.join(dir, "only-gz-1.css.gz"), "gzipped css");
});

const text = (asset: { body: Buffer } | null) => asset?.body.toString();

describe("immutable assets", () => {
  it("sends the best encoding the client accepts among the copies on disk", async () => {
    const assets = createImmutableAssets(dir);
    const br = await assets.get("app-1.js", "gzip, deflate, br");
    expect(br).toMatchObject({ encoding: "br", type: "text/javascript; charset=utf-8" });
    expect(text(br)).toBe("brotli");
    expect(text(await assets.get("app-1.js", "gzip"))).toBe("gzipped");
    expect(await assets.get("app-1.js", undefined)).toMatchObject({ encoding: null });
    expect(text(await assets.get("app-1.js", "br;q=0, gzip;q=0"))).toBe("plain");
  });

  it("falls back to gzip, then to the plain file, when a copy is missing", async () => {
    const assets = createImmutableAssets(dir);
    const css = await assets.get("only-gz-1.css", "br, gzip");
    expect(css).toMatchObject({ encoding: "gzip", type: "text/css; charset=utf-8" });
    // brotli accepted, gzip not: the plain file, never an encoding the client did not ask for
    expect(await assets.get("only-gz-1.css", "br")).toMatchObject({ encoding: null });
  });

  it("reads a file once and serves it from memory afterwards", async () => {
    const assets = createImmutableAssets(dir);
    expect(text(await assets.get("app-1.js", undefined))).toBe("plain");
    writeFileSync(path.join(dir, "app-1.js"), "changed on disk");
    expect(text(await assets.get("app-1.js", undefined))).toBe("plain");
  });

  it("keeps no more than its limit and reads the rest from disk each time", async () => {
    const assets = createImmutableAssets(dir, 4);
    expect(text(await assets.get("app-1.js", undefined))).toBe("plain");
    writeFileSync(path.join(dir, "app-1.js"), "changed on disk");
    expect(text(await assets.get("app-1.js", undefined))).toBe("changed on disk");
  });

  it("does not remember a missing file: a rebuild may add it", async () => {
    const assets = createImmutableAssets(dir);
    expect(await assets.get("later-1.js", "br")).toBeNull();
    writeFileSync(path.join(dir, "later-1.js"), "new");
    expect(text(await assets.get("later-1.js", "br"))).toBe("new");
  });

  it("refuses names that leave the folder or name a hidden file", async () => {
    writeFileSync(path.join(dir, ".secret"), "no");
    const assets = createImmutableAssets(path.join(dir));
    for (const name of ["../app-1.js", "a/b.js", ".secret", "..", "", "app-1.js\0"])
      expect(await assets.get(name, undefined)).toBeNull();
  });

  it("tags each encoding of a file apart, and knows a tag a client sends back", async () => {
    const assets = createImmutableAssets(dir);
    const br = (await assets.get("app-1.js", "br"))?.etag ?? "";
    const gzip = (await assets.get("app-1.js", "gzip"))?.etag ?? "";
    expect(br).toBe('"app-1.js-br"');
    expect(gzip).not.toBe(br);
    expect(matchesEtag(br, br)).toBe(true);
    expect(matchesEtag(`"other", W/${br}`, br)).toBe(true);
    expect(matchesEtag("*", br)).toBe(true);
    expect(matchesEtag(gzip, br)).toBe(false);
    expect(matchesEtag(undefined, br)).toBe(false);
  });

  it("types files by extension, unknown ones as bytes", async () => {
    writeFileSync(path.join(dir, "font-1.woff2"), "w");
    writeFileSync(path.join(dir, "blob-1.xyz"), "x");
    const assets = createImmutableAssets(dir);
    expect((await assets.get("font-1.woff2", undefined))?.type).toBe("font/woff2");
    expect((await assets.get("blob-1.xyz", undefined))?.type).toBe("application/octet-stream");
  });
});
