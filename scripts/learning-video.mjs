// Records the learning page's hero video (apps/web/public/media/learning-tour.webm): a slow
// camera move over one of our illustrations while a visitor walks a guided tour, drawn on a
// canvas in Debian's Chromium and recorded with MediaRecorder. Made here, from code; the
// output is committed. Run `node scripts/learning-video.mjs` after changing it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { root } from "./lib.mjs";

const WIDTH = 960;
const HEIGHT = 540;
const SECONDS = 6;

// the same browser the tests use (e2e/chromium-flags.ts), started the same way
const chromiumArgs = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"];
const chromiumExecutable = () => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const svg = readFileSync(
  path.join(root, "apps/web/public/illustrations/solutions/learning.svg"),
  "utf8",
);
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
try {
  const page = await browser.newPage();
  await page.setContent(`<canvas width="${WIDTH}" height="${HEIGHT}"></canvas>`);
  const base64 = await page.evaluate(
    async ({ svg, width, height, seconds }) => {
      const image = new Image();
      image.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
      await image.decode();
      const canvas = document.querySelector("canvas");
      const context = canvas.getContext("2d");
      // the tour's stops in the illustration's own coordinates (720 x 540)
      const stops = [
        [262, 402],
        [330, 322],
        [455, 318],
        [476, 394],
        [380, 425],
      ];
      const stream = canvas.captureStream(30);
      const recorder = new MediaRecorder(stream, {
        mimeType: "video/webm;codecs=vp9",
        videoBitsPerSecond: 450_000,
      });
      const chunks = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => {
        recorder.onstop = resolve;
      });
      recorder.start();
      const started = performance.now();
      await new Promise((resolve) => {
        const frame = () => {
          const t = Math.min(1, (performance.now() - started) / (seconds * 1000));
          const ease = 0.5 - Math.cos(t * Math.PI * 2) / 2;
          const zoom = 1.35 + 0.25 * ease;
          const focusX = 300 + 140 * ease;
          const focusY = 360 - 20 * ease;
          context.fillStyle = "#effaf5";
          context.fillRect(0, 0, width, height);
          context.save();
          context.translate(width / 2, height / 2);
          context.scale(zoom * (width / 720), zoom * (width / 720));
          context.translate(-focusX, -focusY);
          context.drawImage(image, 0, 0, 720, 540);
          // the visitor walking from stop to stop
          const leg = t * (stops.length - 1);
          const index = Math.min(stops.length - 2, Math.floor(leg));
          const local = leg - index;
          const [ax, ay] = stops[index];
          const [bx, by] = stops[index + 1];
          const x = ax + (bx - ax) * local;
          const y = ay + (by - ay) * local;
          context.fillStyle = "rgba(0,0,0,0.15)";
          context.beginPath();
          context.ellipse(x, y, 10, 4, 0, 0, Math.PI * 2);
          context.fill();
          context.fillStyle = "#ff8a5b";
          context.beginPath();
          context.roundRect(x - 7, y - 36, 14, 32, 7);
          context.fill();
          context.fillStyle = "#f1c7a5";
          context.beginPath();
          context.arc(x, y - 42, 7, 0, Math.PI * 2);
          context.fill();
          context.restore();
          if (t < 1) requestAnimationFrame(frame);
          else resolve();
        };
        requestAnimationFrame(frame);
      });
      recorder.stop();
      await stopped;
      const blob = new Blob(chunks, { type: "video/webm" });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { svg, width: WIDTH, height: HEIGHT, seconds: SECONDS },
  );
  const out = path.join(root, "apps/web/public/media/learning-tour.webm");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, Buffer.from(base64, "base64"));
  console.log(`wrote ${out} (${Math.round(Buffer.from(base64, "base64").length / 1024)} KB)`);
} finally {
  await browser.close();
}
