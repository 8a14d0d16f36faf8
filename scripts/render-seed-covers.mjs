// Developer tool: renders the demo spaces' covers from the spaces themselves. Starts the built
// server on a fresh data directory (which seeds the demo content), opens each demo space in the
// viewer in headless Chromium (software WebGL), waits until everything in it is shown, takes
// the 3D view without the page's controls at 1280 x 720 and writes it as a 640 x 360 WebP to
// apps/server/src/seed/covers/{sceneId}.webp, which the seeder stores as the space's cover.
// Run after changing a demo space:  npm run build && node scripts/render-seed-covers.mjs
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { findChromium } from "./chromium.mjs";
import { log, root } from "./lib.mjs";

const port = Number(process.env.COVERS_PORT ?? 3105);
const base = `http://127.0.0.1:${port}`;
const out = path.join(root, "apps/server/src/seed/covers");
const dataDir = mkdtempSync(path.join(tmpdir(), "atrium-covers-"));
mkdirSync(out, { recursive: true });

const server = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    REDIS_URL: "",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const stop = () => {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (tries > 600) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const cards = await (
    await fetch(`${base}/api/sceneService/publishedscene/metadata/search?ipp=60`)
  ).json();
  const ids = cards.map((card) => card.sceneId).filter((id) => id.startsWith("demo-space-"));
  log(`rendering ${ids.length} covers`);
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
    ],
  });
  for (const id of ids) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.addInitScript(() => localStorage.setItem("atrium.debugHooks", "1"));
    // a fresh installation builds its catalogue (props, fonts) after it starts: until every
    // item of the space is shown, wait and load the space again
    for (let attempt = 0; ; attempt++) {
      await page.goto(`${base}/viewer/${id}`);
      await page.waitForFunction(
        (sceneId) =>
          window.__atriumViewer?.sceneId === sceneId && window.__atriumViewer.phase === "loaded",
        id,
        { timeout: 120_000 },
      );
      const missing = Object.entries(
        await page.evaluate(() => window.__atriumViewer.statuses()),
      ).filter(([, status]) => status !== "shown");
      if (missing.length === 0) break;
      if (attempt >= 30) throw new Error(`${id}: not shown: ${JSON.stringify(missing)}`);
      await page.waitForTimeout(4000);
    }
    // the 3D view only: the page's toolbar, panels and hints hidden
    await page.addStyleTag({
      content:
        "body * { visibility: hidden !important; } canvas { visibility: visible !important; }",
    });
    await page.waitForTimeout(1500);
    const shot = await page.locator("canvas").first().screenshot();
    const webp = await sharp(shot).resize(640, 360).webp({ quality: 72 }).toBuffer();
    writeFileSync(path.join(out, `${id}.webp`), webp);
    log(`${id}.webp: ${(webp.length / 1024).toFixed(1)} KB`);
    await page.close();
  }
  await browser.close();
} finally {
  stop();
}
