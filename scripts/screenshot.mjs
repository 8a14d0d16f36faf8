// Developer tool: screenshots of pages in headless Chromium at desktop and phone widths.
//   node scripts/screenshot.mjs http://localhost:3000/ /pricing --out /tmp/shots [--full]
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { findChromium } from "./chromium.mjs";

const args = process.argv.slice(2);
const outIndex = args.indexOf("--out");
const out = outIndex >= 0 ? args[outIndex + 1] : "/tmp/atrium-shots";
const fullPage = args.includes("--full");
const targets = args.filter((arg, index) => !arg.startsWith("--") && index !== outIndex + 1);
const base = targets[0]?.startsWith("http")
  ? new URL(targets.shift()).origin
  : "http://localhost:3000";
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: findChromium() ?? undefined,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
  ],
});
for (const target of targets.length ? targets : ["/"]) {
  for (const [name, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ]) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    await page.goto(`${base}${target}`, { waitUntil: "networkidle" });
    const file = path.join(out, `${target.replace(/[^a-z0-9]+/gi, "_") || "home"}-${name}.png`);
    await page.screenshot({ path: file, fullPage });
    console.log(file);
    await page.close();
  }
}
await browser.close();
