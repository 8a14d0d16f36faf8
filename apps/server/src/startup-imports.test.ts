import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile, type Plugin } from "esbuild";
import { describe, expect, it } from "vitest";

// What a start loads before it can answer (docs/startup.md): the packages the server's modules
// import statically. Packages only some requests need are imported where they are used, so
// they load then; this test keeps a new static import of one from slowing every start again.

const here = path.dirname(fileURLToPath(import.meta.url));

const externalPackages: Plugin = {
  name: "externals",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@atrium/") ? undefined : { path: args.path, external: true },
    );
  },
};

/** npm packages reachable from `entry` through static imports only. */
async function staticPackages(entry: string) {
  const result = await build({
    entryPoints: [path.join(here, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    splitting: true,
    outdir: "/nonexistent",
    logLevel: "silent",
    plugins: [externalPackages],
  });
  return reachable(result.metafile, path.relative(process.cwd(), path.join(here, entry)));
}

function reachable(metafile: Metafile, entry: string) {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of metafile.inputs[file]?.imports ?? []) {
      if (imported.kind !== "import-statement") continue;
      if (imported.external) packages.add(packageName(imported.path));
      else pending.push(imported.path);
    }
  }
  return packages;
}

const packageName = (specifier: string) =>
  specifier.startsWith("@")
    ? specifier.split("/").slice(0, 2).join("/")
    : (specifier.split("/")[0] as string);

const deferred = [
  "sharp",
  "@aws-sdk/client-s3",
  "@aws-sdk/lib-storage",
  "nodemailer",
  "music-metadata",
  "@gltf-transform/core",
  "@gltf-transform/functions",
  "meshoptimizer",
  "draco3dgltf",
  "ioredis",
  "pg",
  "@electric-sql/pglite",
  "mp4box",
  "openid-client",
  "jose",
  "@socket.io/redis-adapter",
];

describe("what a start loads", () => {
  it("main.ts starts the embedded database's thread before loading any package", async () => {
    const packages = await staticPackages("main.ts");
    expect([...packages].filter((name) => !name.startsWith("node:"))).toEqual([]);
  }, 30_000);

  it("the server's bundle leaves the packages loaded when used to Node, which loads them then", async () => {
    // @ts-expect-error: the build script is plain JavaScript
    const { SERVER_EXTERNAL_PACKAGES } = (await import("../../../scripts/build.mjs")) as {
      SERVER_EXTERNAL_PACKAGES: string[];
    };
    // bundled into server.cjs, a package imported where it is used would be parsed at every start
    expect(deferred.filter((name) => !SERVER_EXTERNAL_PACKAGES.includes(name))).toEqual([]);
  });

  it("no CommonJS package the ES module build bundles is imported with import() (bundled, its named exports are lost)", async () => {
    // @ts-expect-error: the build script is plain JavaScript
    const { BUNDLED_PACKAGES } = (await import("../../../scripts/build.mjs")) as {
      BUNDLED_PACKAGES: string[];
    };
    // the command line (cli.ts) is an ES module bundle; the server's is CommonJS (server.cjs),
    // where esbuild keeps a bundled package's named exports
    const result = await build({
      entryPoints: [path.join(here, "cli.ts")],
      bundle: true,
      write: false,
      metafile: true,
      platform: "node",
      format: "esm",
      splitting: true,
      outdir: "/nonexistent",
      logLevel: "silent",
      plugins: [externalPackages],
    });
    const dynamic = Object.values(result.metafile.inputs).flatMap((input) =>
      input.imports
        .filter((imported) => imported.kind === "dynamic-import" && imported.external)
        .map((imported) => packageName(imported.path)),
    );
    expect(dynamic.length).toBeGreaterThan(3);
    const isCommonJs = (name: string) =>
      JSON.parse(
        readFileSync(path.join(here, "../../../node_modules", name, "package.json"), "utf8"),
      ).type !== "module";
    expect(dynamic.filter((name) => BUNDLED_PACKAGES.includes(name) && isCommonJs(name))).toEqual(
      [],
    );
  }, 30_000);

  it("the server's modules leave the upload pipelines, S3, mail and the unused drivers for later", async () => {
    const packages = await staticPackages("server.ts");
    expect(packages.has("fastify")).toBe(true);
    expect(deferred.filter((name) => packages.has(name))).toEqual([]);
  }, 30_000);
});
