import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const serverEntry = path.join(root, "apps/server/dist/main.js");

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Milliseconds from spawn to the first 200 from /api/health. */
  readyMs: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

export function tempDataDir(prefix = "atrium-bench-") {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** Starts a command that serves HTTP on `port` and waits for `healthPath` to answer 200. */
export async function startAndWait(
  command: string,
  args: string[],
  port: number,
  env: Record<string, string>,
  healthPath = "/api/health",
): Promise<RunningServer> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "warn",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}${healthPath}`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    process: child,
    readyMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** The built Atrium server on the embedded defaults. */
export async function startAtrium(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  return startAndWait(process.execPath, [serverEntry], port, { DATA_DIR: dataDir, ...env });
}

/**
 * Waits until a new database's background work is done: the built-in catalogue (painted in a
 * worker thread, stored by the server) and then the premade spaces' photos, the last step. A
 * benchmark of steady-state calls measures after it, not while a first start fills the database.
 */
export async function waitForBackgroundWork(url: string, timeoutMs = 180_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const families = await fetch(`${url}/api/sceneService/premadescene`)
      .then((response) => response.json())
      .catch(() => null);
    if (
      Array.isArray(families) &&
      families.length > 0 &&
      families.every((family: { coverPhoto?: string | null }) => Boolean(family.coverPhoto))
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server's background work did not finish within ${timeoutMs} ms`);
}
