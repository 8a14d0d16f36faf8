// Finds Debian's Chromium for the browser tests and benchmarks; installs it with
// apt-get when it is missing and we are root. Never downloads a browser build.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { log, run } from "./lib.mjs";

const candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium"];

export function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) {
    return process.env.CHROMIUM_PATH;
  }
  try {
    const found = execFileSync("sh", ["-c", "command -v chromium || command -v chromium-browser"], {
      encoding: "utf8",
    }).trim();
    if (found) return found;
  } catch {
    // not on PATH: try the usual places below
  }
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

export async function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    log("Chromium is missing: installing Debian's chromium package with apt-get...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    await run("apt-get", ["update", "-qq"], { env });
    await run(
      "apt-get",
      ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-liberation"],
      { env },
    );
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    [
      "The end-to-end tests need Chromium, and it is not installed.",
      "On Debian or Ubuntu:   sudo apt-get update && sudo apt-get install -y chromium",
      "Or point CHROMIUM_PATH at an installed Chromium or Chrome binary.",
    ].join("\n"),
  );
  process.exit(1);
}
