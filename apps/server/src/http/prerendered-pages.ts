import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { RESERVED_SUBDOMAINS } from "@atrium/domain";
import type { FastifyInstance } from "fastify";

// Pages the build prerendered (scripts/prerender.mjs writes <web dist>/prerendered/ and its
// manifest). A prerendered page is served only when the HTML still says what the app would
// render: same API answers, same runtime settings that reach the markup, no query that changes
// the page, not on a district subdomain. Otherwise the app shell is served and the browser
// renders the page itself, so a stale page is never shown.

export const PRERENDER_DIR = "prerendered";

interface Manifest {
  version: 1;
  renderedWith: { socialLinks: unknown; year: number };
  pages: Record<string, { file: string; data: Record<string, string> }>;
}

export interface PrerenderedPage {
  file: string;
  data: Record<string, string>;
}

/** Tells whether every API answer a page was rendered with is still the same. */
export type DataCheck = (data: Record<string, string>) => Promise<boolean>;

/** Query parameters that tracking links add and that change nothing on the page. */
const IGNORED_QUERY = /^(?:utm_[a-z_]+|fbclid|gclid|msclkid|ref)$/i;

export function createPrerenderedPages(
  webDistDir: string,
  runtimeConfig: { socialLinks: unknown },
  clock: () => Date = () => new Date(),
) {
  const directory = path.join(webDistDir, PRERENDER_DIR);
  const manifestFile = path.join(directory, "manifest.json");
  let manifest: { mtimeMs: number; value: Manifest | null } = { mtimeMs: -1, value: null };

  function currentManifest(): Manifest | null {
    if (!existsSync(manifestFile)) return null;
    const { mtimeMs } = statSync(manifestFile);
    if (mtimeMs !== manifest.mtimeMs) {
      let value: Manifest | null = null;
      try {
        value = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
      } catch {
        value = null;
      }
      manifest = { mtimeMs, value };
    }
    return manifest.value;
  }

  return {
    /** The prerendered page for a request, if one exists and may be served as it is. */
    find(url: string, isDistrictHost: boolean): PrerenderedPage | null {
      if (isDistrictHost) return null;
      const value = currentManifest();
      if (!value) return null;
      const { pathname, searchParams } = new URL(url, "http://page.invalid");
      if ([...searchParams.keys()].some((key) => !IGNORED_QUERY.test(key))) return null;
      const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
      const page = value.pages[normalized];
      if (!page) return null;
      // markup the server's settings feed into: the footer's social links and its year
      const sameSettings =
        JSON.stringify(value.renderedWith.socialLinks) ===
          JSON.stringify(runtimeConfig.socialLinks) &&
        value.renderedWith.year === clock().getFullYear();
      return sameSettings ? { file: path.join(directory, page.file), data: page.data } : null;
    },
  };
}

/**
 * The data check for pages rendered from the content service: the hash of each answer as the
 * API gives it now, computed once per content revision (every CMS write moves it on).
 */
export function contentDataCheck(app: FastifyInstance, revision: () => Promise<number>): DataCheck {
  let cache = { revision: Number.NaN, hashes: new Map<string, string | null>() };
  return async (data) => {
    const current = await revision();
    if (current !== cache.revision) cache = { revision: current, hashes: new Map() };
    for (const [apiPath, expected] of Object.entries(data)) {
      let hash = apiPath.startsWith("/cms/api/") ? cache.hashes.get(apiPath) : undefined;
      if (hash === undefined) {
        const response = await app.inject({ method: "GET", url: apiPath });
        hash = response.statusCode === 200 ? sha256(response.body) : null;
        if (apiPath.startsWith("/cms/api/")) cache.hashes.set(apiPath, hash);
      }
      if (hash !== expected) return false;
    }
    return true;
  };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

export interface EncodedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Compressed once per page and build: prerendered pages are the largest HTML we send. */
export function createPageEncoder() {
  const cache = new Map<string, { mtimeMs: number; page: EncodedPage }>();
  return (file: string, transform: (html: string) => string): EncodedPage => {
    const { mtimeMs } = statSync(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.page;
    const identity = Buffer.from(transform(readFileSync(file, "utf8")));
    const page = {
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    cache.set(file, { mtimeMs, page });
    return page;
  };
}

/**
 * br, then gzip, then none, as the request's Accept-Encoding allows and among the encodings
 * `available` (both unless told).
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: { br: boolean; gzip: boolean } = { br: true, gzip: true },
): "br" | "gzip" | null {
  const accepted = (acceptEncoding ?? "")
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, "")) > 0)
    .map(([name]) => name?.trim().toLowerCase());
  if (available.br && accepted.includes("br")) return "br";
  if (available.gzip && accepted.includes("gzip")) return "gzip";
  return null;
}

/** A district's own host (`demo.atrium.example`), where the home page is the district's. */
export function isDistrictHost(hostname: string, baseDomain: string): boolean {
  const host = hostname.toLowerCase();
  const base = baseDomain.toLowerCase();
  if (host === base || !host.endsWith(`.${base}`)) return false;
  const label = host.slice(0, -(base.length + 1));
  return !label.includes(".") && !(RESERVED_SUBDOMAINS as readonly string[]).includes(label);
}
