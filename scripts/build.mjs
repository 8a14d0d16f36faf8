// Builds what is stale: the web app (Vite) when its sources are newer than its
// build, the server bundle (esbuild) likewise. `--force` rebuilds both.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { log, mtimeOf, newestMtime, root, run } from "./lib.mjs";

const webInputs = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
  "packages/domain/src",
  "package-lock.json",
];
const serverInputs = [
  "apps/server/src",
  "scripts/build.mjs",
  "apps/server/package.json",
  "packages/domain/src",
  "package-lock.json",
];
const stampName = ".build-stamp";
// npm packages the start needs (the web framework and its parts, zod, drizzle) go into the bundle:
// loading them as hundreds of files is a fifth of a start. Everything else stays external: packages
// with native code, WebAssembly or files of their own, and the ones loaded only when used (a package
// imported with import() must stay external: bundled, its named exports are lost).
export const BUNDLED_PACKAGES = [
  "fastify",
  "fastify-plugin",
  "avvio",
  "find-my-way",
  "light-my-request",
  "@fastify/ajv-compiler",
  "@fastify/error",
  "@fastify/fast-json-stringify-compiler",
  "@fastify/cookie",
  "@fastify/helmet",
  "@fastify/multipart",
  "@fastify/rate-limit",
  "@fastify/proxy-addr",
  "@fastify/forwarded",
  "@fastify/merge-json-schemas",
  "@fastify/busboy",
  "@fastify/deepmerge",
  "@lukeed/ms",
  "helmet",
  "zod",
  "drizzle-orm",
  "fastify-type-provider-zod",
  "abstract-logging",
  "process-warning",
  "toad-cache",
  "rfdc",
  "secure-json-parse",
  "fast-querystring",
  "fast-decode-uri-component",
  "safe-regex2",
  "ret",
  "cookie",
  "fastq",
  "reusify",
  "semver",
  "ipaddr.js",
  "content-type",
  "fast-json-stringify",
  "json-schema-ref-resolver",
  "dequal",
  "fast-uri",
  "tiny-lru",
  "@fastify/swagger",
  "json-schema-resolver",
];
const BUNDLED = new RegExp(
  `^(${BUNDLED_PACKAGES.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|")})(/|$)`,
);

export async function buildAll({ force = false } = {}) {
  const web = await buildWeb({ force });
  const server = await buildServer({ force });
  await prerenderPages({ force: force || web || server });
}

/**
 * Prerenders the marketing and resources pages (scripts/prerender.mjs) after the web app or
 * the server (which holds the content) changed.
 */
export async function prerenderPages({ force = false } = {}) {
  const { prerender, PRERENDER_DIR } = await import("./prerender.mjs");
  const manifest = `apps/web/dist/${PRERENDER_DIR}/manifest.json`;
  const built = Math.max(
    mtimeOf(`apps/web/dist/${stampName}`),
    mtimeOf(`apps/server/dist/${stampName}`),
  );
  if (!force && mtimeOf(manifest) > built) return false;
  log("prerendering the marketing and resources pages...");
  await prerender();
  return true;
}

export async function buildWeb({ force = false } = {}) {
  const stamp = `apps/web/dist/${stampName}`;
  if (!force && mtimeOf(stamp) > newestMtime(webInputs)) return false;
  log("building the web app...");
  await run("npx", ["vite", "build", "--logLevel", "warn"], { cwd: path.join(root, "apps/web") });
  // the same app built for Node, which scripts/prerender.mjs renders pages with
  await run(
    "npx",
    [
      "vite",
      "build",
      "--ssr",
      "src/prerender/render.tsx",
      "--outDir",
      "dist-ssr",
      "--logLevel",
      "warn",
    ],
    { cwd: path.join(root, "apps/web") },
  );
  precompress(path.join(root, "apps/web/dist"));
  writeFileSync(path.join(root, stamp), new Date().toISOString());
  return true;
}

export async function buildServer({ force = false } = {}) {
  const stamp = `apps/server/dist/${stampName}`;
  if (!force && mtimeOf(stamp) > newestMtime(serverInputs)) return false;
  log("building the server...");
  const { build } = await import("esbuild");
  const outdir = path.join(root, "apps/server/dist");
  rmSync(outdir, { recursive: true, force: true });
  const serverPackage = JSON.parse(
    readFileSync(path.join(root, "apps/server/package.json"), "utf8"),
  );
  await build({
    // the catalogue's worker thread (modules/assets/catalogue/in-worker.ts) and the database's
    // (db/pglite-thread.ts) load their own files
    entryPoints: [
      { in: "main.ts", out: "main" },
      { in: "cli.ts", out: "cli" },
      { in: "modules/assets/catalogue/worker.ts", out: "catalogue-worker" },
      { in: "db/pglite-worker.ts", out: "pglite-worker" },
    ]
      .map((entry) => ({ ...entry, in: path.join(root, "apps/server/src", entry.in) }))
      .filter((entry) => mtimeOf(entry.in) > 0),
    outdir,
    bundle: true,
    // what the start does not need (the upload pipelines, S3, the drivers not configured) is
    // imported where it is used and becomes a chunk of its own, loaded then (docs/startup.md);
    // chunks sit beside main.js, so paths made from import.meta.url stay the same
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    // our workspace packages are TypeScript source: bundle them, with the npm packages the start
    // needs (BUNDLED_PACKAGES); the other npm packages stay external
    plugins: [
      {
        name: "externalize-npm-packages",
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@atrium/") || BUNDLED.test(args.path)
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
    // bundled CommonJS packages call require(): the bundle, an ES module, provides it
    banner: {
      js: `// Atrium server ${serverPackage.version}: built by scripts/build.mjs\nimport { createRequire as __atriumCreateRequire } from "node:module";\nconst require = __atriumCreateRequire(import.meta.url);`,
    },
  });
  mkdirSync(path.join(outdir, "migrations"), { recursive: true });
  cpSync(path.join(root, "apps/server/src/db/migrations"), path.join(outdir, "migrations"), {
    recursive: true,
  });
  // the CMS seeder reads Atrium's own content (markdown and YAML) beside the bundle
  cpSync(path.join(root, "apps/server/src/seed/content"), path.join(outdir, "content"), {
    recursive: true,
  });
  // the demo spaces' covers (rendered views, scripts/render-seed-covers.mjs) beside the bundle
  cpSync(path.join(root, "apps/server/src/seed/covers"), path.join(outdir, "covers"), {
    recursive: true,
  });
  writeFileSync(path.join(outdir, stampName), new Date().toISOString());
  return true;
}

/**
 * Writes .br and .gz beside every compressible asset once, at build time, so the
 * server sends compressed files without compressing per request.
 */
function precompress(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|css|svg|json|html|txt|xml|map)$/.test(entry.name)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await buildAll({ force: process.argv.includes("--force") });
}
