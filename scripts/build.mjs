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
// npm packages bundled into the ES modules (main.js, cli.js and the worker threads' scripts): the
// web framework and its parts, zod, drizzle; loading them as hundreds of files was a fifth of a
// start. Everything else stays external there (a package imported with import() must: bundled into
// an ES module, a CommonJS package's named exports are lost). The server's own bundle,
// server.cjs, takes these and more (SERVER_EXTERNAL_PACKAGES).
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
/**
 * Packages the server's bundle (dist/server.cjs) leaves to Node's loader: the ones with native
 * code, WebAssembly or files of their own beside them, and the ones the server imports only
 * where they are used (docs/startup.md), which load then. Every other package the server's code
 * reaches, and the packages those require, go into the bundle, whose compiled code V8 caches
 * (src/code-cache.ts).
 */
export const SERVER_EXTERNAL_PACKAGES = [
  // native code, WebAssembly or files of their own
  "@node-rs/argon2",
  "@electric-sql/pglite",
  "sharp",
  "draco3dgltf",
  "meshoptimizer",
  "gltf-validator",
  "fontkit",
  "@fontsource/inter",
  // loaded when used (apps/server/src/startup-imports.test.ts); those only ever import()ed are
  // external anyway, and listed so that a static import of one is not bundled
  "@gltf-transform/core",
  "@gltf-transform/extensions",
  "@gltf-transform/functions",
  "@aws-sdk/client-s3",
  "@aws-sdk/lib-storage",
  "fflate",
  "mp4box",
  "music-metadata",
  "nodemailer",
  "ioredis",
  "pg",
  "openid-client",
  "jose",
  "@socket.io/redis-adapter",
  "stripe",
  "markdown-it",
  "sanitize-html",
];
/**
 * Bundled packages that read files of their own from beside their code (@fastify/swagger-ui: the
 * Swagger UI page and its scripts). In the bundle, `__dirname` in their code is their folder in
 * node_modules, found when the server starts, not the bundle's.
 */
const BUNDLED_WITH_FILES = ["@fastify/swagger-ui"];

const packagePattern = (names) =>
  new RegExp(
    `^(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|")})(/|$)`,
  );
const SERVER_EXTERNAL = packagePattern(SERVER_EXTERNAL_PACKAGES);
const BUNDLED = packagePattern(BUNDLED_PACKAGES);

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
  // our workspace packages are TypeScript source: bundle them, with BUNDLED_PACKAGES; the other
  // npm packages stay external (the server's bundle has its own rule, below)
  const common = {
    bundle: true,
    platform: "node",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
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
  };
  const header = `// Atrium server ${serverPackage.version}: built by scripts/build.mjs`;
  await build({
    ...common,
    // main.js starts the database's thread and loads server.cjs; the catalogue's worker thread
    // (modules/assets/catalogue/in-worker.ts) and the database's (db/pglite-thread.ts) load
    // their own files
    entryPoints: [
      { in: "main.ts", out: "main" },
      { in: "cli.ts", out: "cli" },
      { in: "modules/assets/catalogue/worker.ts", out: "catalogue-worker" },
      { in: "db/pglite-worker.ts", out: "pglite-worker" },
    ]
      .map((entry) => ({ ...entry, in: path.join(root, "apps/server/src", entry.in) }))
      .filter((entry) => mtimeOf(entry.in) > 0),
    outdir,
    // what the CLI does not always need becomes a chunk of its own, loaded when imported; chunks
    // sit beside main.js, so paths made from import.meta.url stay the same
    splitting: true,
    format: "esm",
    // bundled CommonJS packages call require(): the bundle, an ES module, provides it
    banner: {
      js: `${header}\nimport { createRequire as __atriumCreateRequire } from "node:module";\nconst require = __atriumCreateRequire(import.meta.url);`,
    },
  });
  // the server itself: one CommonJS file, which main.js compiles with V8's code cache
  // (src/code-cache.ts; Node 20 caches no code for ES modules). What the start does not need
  // (the upload pipelines, S3, the drivers not configured) is still imported where it is used:
  // its packages load then (docs/startup.md)
  const server = await build({
    ...common,
    entryPoints: [path.join(root, "apps/server/src/server-bundle.ts")],
    plugins: [
      {
        name: "bundle-what-the-start-loads",
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@atrium/") ||
            BUNDLED.test(args.path) ||
            (args.kind !== "dynamic-import" && !SERVER_EXTERNAL.test(args.path))
              ? undefined
              : { path: args.path, external: true },
          );
          pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, (args) => {
            const name = BUNDLED_WITH_FILES.find((candidate) =>
              args.path.includes(`${path.sep}node_modules${path.sep}${candidate}${path.sep}`),
            );
            if (!name) return undefined;
            const packageRoot = args.path.slice(
              0,
              args.path.lastIndexOf(`${path.sep}node_modules${path.sep}${name}${path.sep}`) +
                `${path.sep}node_modules${path.sep}${name}`.length,
            );
            const folder = path
              .relative(packageRoot, path.dirname(args.path))
              .split(path.sep)
              .join("/");
            const contents = readFileSync(args.path, "utf8").replaceAll(
              "__dirname",
              `__atriumPackageFolder(${JSON.stringify(name)}, ${JSON.stringify(folder)})`,
            );
            return { contents, loader: "js" };
          });
        },
      },
    ],
    outfile: path.join(outdir, "server.cjs"),
    format: "cjs",
    // beside main.js, like the ES modules: paths made from import.meta.url stay the same
    define: { "import.meta.url": "__atriumModuleUrl" },
    banner: {
      js: [
        header,
        `const __atriumModuleUrl = require("node:url").pathToFileURL(__filename).href;`,
        `const __atriumPackageFolder = (name, folder) => require("node:path").join(require("node:path").dirname(require.resolve(\`\${name}/package.json\`)), folder);`,
      ].join("\n"),
    },
    metafile: true,
    write: false,
  });
  writeServerBundle(server);
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
 * Writes server.cjs and its map. The packages the bundle imports where they are used are loaded
 * with import(); a script compiled with a code cache has no import() of its own in Node 20 (its
 * functions compiled from the cache lose it), so each import("package") calls the import
 * function main.js hands the bundle (src/code-cache.ts).
 */
function writeServerBundle(result) {
  const imported = new Set(
    Object.values(result.metafile.inputs).flatMap((input) =>
      input.imports
        .filter((entry) => entry.kind === "dynamic-import" && entry.external)
        .map((entry) => entry.path),
    ),
  );
  for (const file of result.outputFiles) {
    let text = file.text;
    if (file.path.endsWith(".cjs")) {
      for (const name of imported)
        text = text.replaceAll(`import("${name}")`, `__atriumImport("${name}")`);
      // what is left is in comments ({import("…")} in JSDoc types)
      const left = text.match(/(?<![\w$.{`])import\(/g);
      if (left) throw new Error(`server.cjs: ${left.length} import() not given main.js's import`);
    }
    writeFileSync(file.path, text);
  }
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
