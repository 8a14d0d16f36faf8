import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Each start is its own Node process, as the server's are: V8 compiles a script once per
// process, and what a start reads from the cache is what the last one wrote.

const codeCache = fileURLToPath(new URL("./code-cache.ts", import.meta.url));

/** A bundle as the build writes it: CommonJS, its package imports through __atriumImport. */
const BUNDLE = `
const os = require("node:os");
function platform() { return os.platform(); }
exports.started = platform();
// called after the start, from a function compiled during it (so it is in the cache)
exports.cpuCount = () => __atriumImport("node:os").then((loaded) => loaded.cpus().length);
`;

function start(dir: string, save: boolean, nodeOptions: string[] = []) {
  const script = path.join(dir, "start.mts");
  writeFileSync(
    script,
    `import { loadBundle } from ${JSON.stringify(codeCache)};
const bundle = loadBundle(${JSON.stringify(path.join(dir, "bundle.cjs"))}, ${JSON.stringify(path.join(dir, "cache"))}, (specifier) => import(specifier));
await bundle.exports.cpuCount();
const cpus = await bundle.exports.cpuCount();
const saved = ${save} ? bundle.saveCache() : null;
console.log(JSON.stringify({ from: bundle.compiledFrom, started: bundle.exports.started, cpus, saved }));`,
  );
  const output = execFileSync(process.execPath, [...nodeOptions, "--import", "tsx", script], {
    encoding: "utf8",
  });
  return JSON.parse(output.trim().split("\n").at(-1) as string);
}

describe("the server bundle's code cache", () => {
  it("is written by a start without one and read by the next, whose imports still work", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "atrium-code-cache-"));
    writeFileSync(path.join(dir, "bundle.cjs"), BUNDLE);

    const first = start(dir, true);
    expect(first).toMatchObject({ from: "source", started: process.platform });
    expect(first.saved).toMatchObject({ written: true });
    expect(first.saved.bytes).toBeGreaterThan(0);
    expect(readdirSync(path.join(dir, "cache"))).toHaveLength(1);

    const second = start(dir, true);
    expect(second).toMatchObject({ from: "cache", started: process.platform });
    // an import() from a function that came from the cache
    expect(second.cpus).toBe(first.cpus);
    expect(second.saved).toMatchObject({ written: false, reason: "in use" });
  }, 30_000);

  it("is not read by a changed bundle, and the old one is removed when the new one is written", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "atrium-code-cache-"));
    writeFileSync(path.join(dir, "bundle.cjs"), BUNDLE);
    start(dir, true);
    const [old] = readdirSync(path.join(dir, "cache"));

    // the same length, other content: V8's own check would take the old cache
    writeFileSync(path.join(dir, "bundle.cjs"), BUNDLE.replace("os.platform()", "os.hostname()"));
    const changed = start(dir, true);
    expect(changed.from).toBe("source");
    expect(changed.saved).toMatchObject({ written: true });
    expect(readdirSync(path.join(dir, "cache"))).not.toContain(old);
    expect(readdirSync(path.join(dir, "cache"))).toHaveLength(1);
    expect(start(dir, false).from).toBe("cache");
  }, 30_000);

  it("is rejected by V8 under other settings, and replaced", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "atrium-code-cache-"));
    writeFileSync(path.join(dir, "bundle.cjs"), BUNDLE);
    start(dir, true);
    // another NODE_OPTIONS (a V8 flag) than the start that wrote it
    const other = start(dir, true, ["--max-old-space-size=300"]);
    expect(other).toMatchObject({ from: "rejected cache", saved: { written: true } });
    expect(readdirSync(path.join(dir, "cache"))).toHaveLength(1);
    expect(start(dir, false, ["--max-old-space-size=300"]).from).toBe("cache");
  }, 30_000);

  it("leaves the cache out when its folder cannot be written, and the start goes on", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "atrium-code-cache-"));
    writeFileSync(path.join(dir, "bundle.cjs"), BUNDLE);
    // a file where the cache's folder should be
    writeFileSync(path.join(dir, "cache"), "");
    const result = start(dir, true);
    expect(result).toMatchObject({ from: "source", saved: { written: false } });
    expect(result.saved.reason).toMatch(/EEXIST|ENOTDIR/);
  }, 30_000);
});
