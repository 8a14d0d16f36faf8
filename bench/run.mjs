// `npm run bench` runs every benchmark; `npm run bench -- NAME` runs one. Each prints
// one JSON line: {"bench": NAME, ...figures, "ok": true|false}.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const available = readdirSync(path.join(here, "benches"))
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.replace(/\.ts$/, ""))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(", ")}. Available: ${available.join(", ")}`);
  process.exit(2);
}

const { ensureDependencies } = await import("../scripts/lib.mjs");
await ensureDependencies();
const { buildAll } = await import("../scripts/build.mjs");
await buildAll();

let failed = 0;
for (const name of wanted.length ? wanted : available) {
  const code = await new Promise((resolve) => {
    const child = spawn("npx", ["tsx", path.join(here, "benches", `${name}.ts`)], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("exit", (exitCode) => resolve(exitCode ?? 1));
  });
  if (code !== 0) failed++;
}
process.exit(failed ? 1 : 0);
