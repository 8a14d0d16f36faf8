// Runs the Playwright journeys against the built platform on a free port with a
// fresh data directory: the embedded defaults, exactly as `npm start` runs them.
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureChromium } from "./chromium.mjs";
import { ensureJanus } from "./janus.mjs";
import { log, root, run } from "./lib.mjs";

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), "atrium-e2e-"));
const chromium = await ensureChromium();
// voice-janus.spec.ts starts Debian's Janus (installed once with apt-get when missing)
const janus = await ensureJanus();
log(`end-to-end on http://localhost:${port} (data in ${dataDir})`);
try {
  await run("npx", ["playwright", "test", ...process.argv.slice(2)], {
    cwd: path.join(root, "e2e"),
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_DATA_DIR: dataDir,
      CHROMIUM_PATH: chromium,
      ...(janus ? { JANUS_PATH: janus } : {}),
    },
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port: chosen } = server.address();
      server.close(() => resolve(chosen));
    });
  });
}
