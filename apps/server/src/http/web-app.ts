import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isEmbedPath, viewerTarget } from "@atrium/domain";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { notFound, sendError } from "./error-handler.js";
import { matchesEtag } from "./etag.js";
import { createImmutableAssets } from "./immutable-assets.js";
import {
  chooseEncoding,
  createPageEncoder,
  createPrerenderedPages,
  type DataCheck,
  PRERENDER_DIR,
} from "./prerendered-pages.js";
import {
  embeddableContentSecurityPolicy,
  TRANSCODER_WORKER,
  transcoderWorkerContentSecurityPolicy,
} from "./security.js";
import {
  appEntryFile,
  type BuildManifest,
  chunkFiles,
  deferAppEntry,
  injectIntoHead,
  largestFirst,
  VIEWER_BOOT,
  viewerPreloadTags,
} from "./viewer-preload.js";

const apiPrefixes = ["/api/", "/cms/api/", "/socket.io/"];
const immutableAsset = /^\/assets\//;

export interface PrerenderOptions {
  /** Whether the API answers a prerendered page was built with are still the same. */
  isCurrent: DataCheck;
  /** True for a district's own host, where the home page is the district's page. */
  isDistrictHost: (hostname: string) => boolean;
}

/**
 * Serves the built React app: hashed assets with year-long caching, the prerendered
 * marketing and resources pages while they are current, and index.html (never cached) for
 * every other GET so deep links and district subdomains work. The runtime settings meta tag
 * is written into whichever HTML is sent. API paths never fall through to the app: they get
 * a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | null,
  runtimeConfig: Record<string, unknown> & { socialLinks: unknown },
  prerender?: PrerenderOptions,
) {
  const root = webDistDir && existsSync(path.join(webDistDir, "index.html")) ? webDistDir : null;
  const indexHtml = root ? indexRenderer(path.join(root, "index.html"), runtimeConfig) : null;
  const viewerBoot = root ? manifestReader(root) : null;
  const pages = root && prerender ? createPrerenderedPages(root, runtimeConfig) : null;
  const encodePage = createPageEncoder();
  const withSettings = (html: string) => writeRuntimeConfig(html, runtimeConfig);

  /** The prerendered page when it may be served, else the app shell. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const page = pages?.find(request.url, prerender?.isDistrictHost(request.hostname) ?? false);
    if (page && prerender && existsSync(page.file) && (await prerender.isCurrent(page.data))) {
      const encoded = encodePage(page.file, withSettings);
      const encoding = chooseEncoding(request.headers["accept-encoding"]);
      reply.header("vary", "accept-encoding").header("x-atrium-prerendered", "1");
      if (encoding) reply.header("content-encoding", encoding);
      return sendIndex(
        reply,
        pathname,
        encoding === "br" ? encoded.br : encoding === "gzip" ? encoded.gzip : encoded.identity,
      );
    }
    let html = (indexHtml as () => string)();
    // the viewer: its early start and its data (viewer-preload.ts)
    const viewer = viewerTarget(request.url);
    if (viewer) {
      const boot = viewerBoot?.();
      const files = boot?.files ?? [];
      // the app waits for the early start only when there is one to start it
      if (files.length) html = deferAppEntry(html, boot?.appEntry ?? null);
      html = injectIntoHead(html, viewerPreloadTags(viewer, files));
    }
    return sendIndex(reply, pathname, html);
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || (request.method !== "GET" && request.method !== "HEAD")) {
      return notFound(request, reply);
    }
    const pathname = request.url.split("?")[0] ?? "/";
    // a missing hashed chunk must fail as a 404, not parse index.html as JavaScript
    if (immutableAsset.test(pathname) || /\.[a-z0-9]{1,5}$/i.test(pathname)) {
      return notFound(request, reply);
    }
    if (!indexHtml) {
      return sendError(reply, 503, "The web app is not built: run `npm start`, which builds it.");
    }
    return sendPage(request, reply, pathname);
  });

  if (!root) {
    app.log.warn({ webDistDir }, "web app build not found; only the API is served");
    return;
  }

  // the hashed build output, from memory (immutable-assets.ts)
  const assets = createImmutableAssets(path.join(root, "assets"));
  app.get("/assets/*", { schema: { hide: true } }, async (request, reply) => {
    const name = (request.params as { "*": string })["*"];
    const asset = await assets.get(name, request.headers["accept-encoding"]);
    if (!asset) return notFound(request, reply);
    reply
      .header("cache-control", cachePolicy(path.join("assets", name)))
      .header("vary", "accept-encoding")
      .header("etag", asset.etag)
      .type(asset.type);
    // a reload that revalidates (some browsers ignore `immutable`) gets a 304, not the file
    if (matchesEtag(request.headers["if-none-match"], asset.etag)) return reply.status(304).send();
    if (asset.encoding) reply.header("content-encoding", asset.encoding);
    if (TRANSCODER_WORKER.test(name))
      reply.header("content-security-policy", transcoderWorkerContentSecurityPolicy());
    return reply.send(asset.body);
  });

  // the rest of the build (favicon, icons, illustrations, media): fewer files, asked for less
  await app.register(fastifyStatic, {
    root,
    prefix: "/",
    index: false,
    wildcard: true,
    // scripts/build.mjs writes .br and .gz beside each asset
    preCompressed: true,
    // prerendered pages are served through sendPage, with their checks, never as files
    allowedPath: (pathName) => !pathName.startsWith(`/${PRERENDER_DIR}/`),
    setHeaders(reply, filePath) {
      const relative = path.relative(root, filePath);
      reply.header("cache-control", cachePolicy(relative));
    },
  });

  app.get("/", { schema: { hide: true } }, (request, reply) => sendPage(request, reply, "/"));
}

/**
 * index.html with the public runtime settings written into its atrium-config meta
 * tag; re-read when a rebuild changes the file.
 */
function indexRenderer(file: string, runtimeConfig: Record<string, unknown>) {
  let cached = { mtimeMs: -1, html: "" };
  return () => {
    const { mtimeMs } = statSync(file);
    if (mtimeMs !== cached.mtimeMs) {
      cached = { mtimeMs, html: writeRuntimeConfig(readFileSync(file, "utf8"), runtimeConfig) };
    }
    return cached.html;
  };
}

/**
 * The viewer's early start's files (its entry, then its modules largest first) and the app's
 * entry, from Vite's build manifest (null when the build wrote none); re-read when a rebuild
 * changes it.
 */
function manifestReader(webRoot: string) {
  const file = path.join(webRoot, ".vite", "manifest.json");
  let cached = { mtimeMs: -1, files: [] as string[], appEntry: null as string | null };
  return () => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (mtimeMs !== cached.mtimeMs) {
      const manifest = JSON.parse(readFileSync(file, "utf8")) as BuildManifest;
      cached = {
        mtimeMs,
        files: largestFirst(chunkFiles(manifest, [VIEWER_BOOT]), (chunk) => {
          const at = path.join(webRoot, chunk);
          return existsSync(at) ? statSync(at).size : 0;
        }),
        appEntry: appEntryFile(manifest),
      };
    }
    return cached;
  };
}

/** Writes the public runtime settings into an HTML page's atrium-config meta tag. */
function writeRuntimeConfig(html: string, runtimeConfig: Record<string, unknown>) {
  const attribute = JSON.stringify(runtimeConfig)
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;");
  return html.replace(
    /<meta name="atrium-config" content="[^"]*"\s*\/?>/,
    `<meta name="atrium-config" content="${attribute}" />`,
  );
}

function sendIndex(reply: FastifyReply, pathname: string, html: string | Buffer) {
  reply.header("cache-control", "no-cache");
  if (isEmbedPath(pathname)) {
    reply.removeHeader("x-frame-options");
    reply.header("content-security-policy", embeddableContentSecurityPolicy());
  }
  return reply.type("text/html; charset=utf-8").send(html);
}

/** Hashed build output never changes; index.html must be revalidated to pick up new builds. */
function cachePolicy(relativePath: string) {
  if (relativePath === "index.html") return "no-cache";
  if (relativePath.startsWith(`assets${path.sep}`)) return "public, max-age=31536000, immutable";
  return "public, max-age=300";
}

function isApiPath(url: string) {
  return (
    apiPrefixes.some((prefix) => url.startsWith(prefix)) || url === "/api" || url === "/cms/api"
  );
}
