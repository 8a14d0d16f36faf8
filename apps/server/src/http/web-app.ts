import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isEmbedPath } from "@atrium/domain";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { notFound, sendError } from "./error-handler.js";
import { embeddableContentSecurityPolicy } from "./security.js";

const apiPrefixes = ["/api/", "/cms/api/", "/socket.io/"];
const immutableAsset = /^\/assets\//;

/**
 * Serves the built React app: hashed assets with year-long caching, and index.html
 * (never cached) for every other GET so deep links and district subdomains work.
 * API paths never fall through to the app: they get a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string | null,
  runtimeConfig: Record<string, unknown>,
) {
  const root = webDistDir && existsSync(path.join(webDistDir, "index.html")) ? webDistDir : null;
  const indexHtml = root ? indexRenderer(path.join(root, "index.html"), runtimeConfig) : null;

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
    return sendIndex(reply, pathname, indexHtml());
  });

  if (!root) {
    app.log.warn({ webDistDir }, "web app build not found; only the API is served");
    return;
  }

  await app.register(fastifyStatic, {
    root,
    prefix: "/",
    index: false,
    wildcard: true,
    // scripts/build.mjs writes .br and .gz beside each asset
    preCompressed: true,
    setHeaders(reply, filePath) {
      const relative = path.relative(root, filePath);
      reply.header("cache-control", cachePolicy(relative));
    },
  });

  app.get("/", { schema: { hide: true } }, (_request, reply) =>
    sendIndex(reply, "/", (indexHtml as () => string)()),
  );
}

/**
 * index.html with the public runtime settings written into its atrium-config meta
 * tag; re-read when a rebuild changes the file.
 */
function indexRenderer(file: string, runtimeConfig: Record<string, unknown>) {
  const attribute = JSON.stringify(runtimeConfig)
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;");
  let cached = { mtimeMs: -1, html: "" };
  return () => {
    const { mtimeMs } = statSync(file);
    if (mtimeMs !== cached.mtimeMs) {
      const html = readFileSync(file, "utf8").replace(
        /<meta name="atrium-config" content="[^"]*"\s*\/?>/,
        `<meta name="atrium-config" content="${attribute}" />`,
      );
      cached = { mtimeMs, html };
    }
    return cached.html;
  };
}

function sendIndex(reply: FastifyReply, pathname: string, html: string) {
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
