// One reference model through the upload pipeline in a fresh process, so that its peak memory
// is its own: warm up on a tiny model, note the resident high-water mark, process the model
// once for the memory figure and three times for the time figure.
import { readFileSync } from "node:fs";
import { processModelUpload } from "../../apps/server/src/modules/assets/pipeline/index.js";
import { sampleGlb } from "../../apps/server/test/support/models.js";
import { median } from "./report";

const [file = "", name = "model.glb"] = process.argv.slice(2);
const bytes = new Uint8Array(readFileSync(file));
await processModelUpload([
  { name: "warm-up.glb", bytes: await sampleGlb({ grid: 8, textureSize: 32 }) },
]);
globalThis.gc?.();
const before = process.resourceUsage().maxRSS * 1024;
const first = await processModelUpload([{ name, bytes }]);
const peak = process.resourceUsage().maxRSS * 1024 - before;
const times: number[] = [];
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  await processModelUpload([{ name, bytes }]);
  times.push(performance.now() - started);
}
process.stdout.write(
  `${JSON.stringify({ ms: median(times), peakBytes: Math.max(0, peak), outBytes: first.glb.length, counts: first.counts })}\n`,
);
