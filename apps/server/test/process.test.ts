import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const main = path.join(serverDir, "src/main.ts");

const children: ChildProcess[] = [];
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function freePort() {
  return new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the server answers its health check, however long a busy machine makes that. */
async function waitForHealth(url: string, child: ChildProcess) {
  for (;;) {
    if (!running(child)) throw new Error("server exited early");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the server process", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    // a test that failed or timed out leaves no server behind
    for (const child of children) if (running(child)) child.kill("SIGKILL");
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("a bad environment variable stops the start with a message naming it", async () => {
    const server = startServer({ PORT: "not-a-port" });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('PORT="not-a-port"');
  });

  it("SIGTERM drains, closes the database and exits 0; the data survives a restart", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "atrium-process-"));
    dirs.push(dataDir);
    const port = await freePort();
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, first.child);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("shutting down");

    // a cleanly closed PGlite directory opens again, already migrated and seeded
    const second = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, second.child);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(second.output()).not.toContain("migrations applied");
    expect(second.output()).not.toContain("demo content seeded");
  }, 300_000); // two starts, the first migrating and seeding: a minute or more on a busy machine
});
