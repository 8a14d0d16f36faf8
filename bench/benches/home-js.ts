// Gzipped bytes of the JavaScript the home page loads before it is interactive
// (every script fetched until the network is idle after load), against the budget.
// Also checks that no 3D code (three.js, the engine, editor or viewer) is among them.
import { gzipSync } from "node:zlib";
import { launchChromium } from "../lib/browser";
import { report, round } from "../lib/report";
import { startAtrium, tempDataDir } from "../lib/server";

const BUDGET_KB = 180;

const server = await startAtrium(tempDataDir());
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const scripts = new Map<string, Promise<Buffer>>();
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (response.request().resourceType() === "script" || type.includes("javascript")) {
      scripts.set(response.url(), response.body());
    }
  });
  await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const body of scripts.values()) {
    const bytes = await body;
    rawBytes += bytes.length;
    gzipBytes += gzipSync(bytes, { level: 9 }).length;
  }
  const files = [...scripts.keys()].map((url) => new URL(url).pathname.replace("/assets/", ""));
  const threeDLoaded = files.filter((file) => /three|engine|editor|viewer|fiber|drei/i.test(file));
  const gzipKb = gzipBytes / 1024;
  report(
    "home-js",
    {
      gzipKb: round(gzipKb),
      rawKb: round(rawBytes / 1024),
      budgetKb: BUDGET_KB,
      ratio: round(gzipKb / BUDGET_KB, 2),
      files: files.length,
      threeDFiles: threeDLoaded,
    },
    gzipKb <= BUDGET_KB && threeDLoaded.length === 0,
  );
} finally {
  await browser.close();
  await server.stop();
}
