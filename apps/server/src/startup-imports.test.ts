import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";

// What a start loads before it can answer (docs/startup.md): the packages the server's modules
// import statically. Packages only some requests need are imported where they are used, so
// they load then; this test keeps a new static import of one from slowing every start again.

const here = path.dirname(fileURLToPath(import.meta.url));

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
    plugins: [
      {
        name: "externals",
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@atrium/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
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
];

describe("what a start loads", () => {
  it("main.ts loads only the configuration and the database opener before opening the database", async () => {
    const packages = await staticPackages("main.ts");
    expect([...packages].filter((name) => !name.startsWith("node:")).sort()).toEqual([
      "drizzle-orm",
      "zod",
    ]);
  }, 30_000);

  it("the server's modules leave the upload pipelines, S3, mail and the unused drivers for later", async () => {
    const packages = await staticPackages("server.ts");
    expect(packages.has("fastify")).toBe(true);
    expect(deferred.filter((name) => packages.has(name))).toEqual([]);
  }, 30_000);
});
