// Shared helpers of the top-level commands. Node built-ins only: these run on a
// fresh clone before `npm install` has happened.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function log(message) {
  process.stdout.write(`\x1b[36m[atrium]\x1b[0m ${message}\n`);
}

/** Runs a command with inherited output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Newest modification time (ms) of the files under the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      const name = path.basename(entry);
      if (name === "node_modules" || name === "dist") return;
      for (const child of readdirSync(entry)) visit(path.join(entry, child));
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  for (const entry of paths) visit(path.resolve(root, entry));
  return newest;
}

export function mtimeOf(file) {
  const full = path.resolve(root, file);
  return existsSync(full) ? statSync(full).mtimeMs : 0;
}

/**
 * Installs the dependencies from the lock file when they are missing or older than
 * the lock file: `npm ci` on a fresh clone, `npm install` to catch up otherwise.
 */
export async function ensureDependencies() {
  const installed = mtimeOf("node_modules/.package-lock.json");
  const wanted = Math.max(mtimeOf("package-lock.json"), newestPackageJson());
  if (installed && installed >= wanted) return;
  const fresh = !installed;
  log(fresh ? "installing dependencies (npm ci)..." : "dependencies changed: npm install...");
  await run("npm", [fresh ? "ci" : "install", "--no-audit", "--no-fund"], {
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
}

function newestPackageJson() {
  return Math.max(
    ...["package.json", "packages/domain", "apps/server", "apps/web", "e2e", "bench"].map((dir) =>
      mtimeOf(dir.endsWith(".json") ? dir : `${dir}/package.json`),
    ),
  );
}

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(
      `Atrium needs Node.js 20.19 or newer (22 and 24 work too); this is ${process.version}.`,
    );
    process.exit(1);
  }
}
