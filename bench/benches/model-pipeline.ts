// The 3D model upload pipeline over a reference set it generates itself (rolling terrains from
// 100 KB to 20 MB, with and without a texture): processing time, peak memory above the warmed-up
// process, and the optimised glb's size against the input. Targets (issue 5): a 4 MB glb in at
// most 1.5 s, peak memory at most 10x the input (the 4 MB and 20 MB models, where the process's
// fixed working set does not dominate; the median of three fresh processes), optimised output at most 60% of the input on average.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sampleGlb } from "../../apps/server/test/support/models.js";
import { median, report, round } from "../lib/report";

const MB = 1024 * 1024;
const TIME_BUDGET_MS = 1500;
const MEMORY_RATIO_MAX = 10;
const SIZE_RATIO_MAX = 0.6;

// grid and texture sizes chosen to land near each target size
const referenceSet = [
  { label: "100KB", grid: 40, textureSize: 0 },
  { label: "100KB-textured", grid: 20, textureSize: 220 },
  { label: "1MB", grid: 135, textureSize: 0 },
  { label: "1MB-textured", grid: 70, textureSize: 740 },
  { label: "4MB", grid: 272, textureSize: 0 },
  { label: "4MB-textured", grid: 180, textureSize: 1450 },
  { label: "20MB", grid: 610, textureSize: 0 },
  { label: "20MB-textured", grid: 520, textureSize: 2800 },
];

const here = path.dirname(fileURLToPath(import.meta.url));
const directory = mkdtempSync(path.join(tmpdir(), "atrium-model-bench-"));
const rows: Record<string, unknown>[] = [];
try {
  for (const model of referenceSet) {
    const glb = await sampleGlb({ grid: model.grid, textureSize: model.textureSize });
    const file = path.join(directory, `${model.label}.glb`);
    writeFileSync(file, glb);
    // the resident high-water mark moves with garbage-collection timing: the median of three
    // fresh processes
    const runs = [0, 1, 2].map(() => {
      const output = execFileSync(
        process.execPath,
        [
          "--expose-gc",
          "--import",
          "tsx",
          path.join(here, "../lib/model-pipeline-run.ts"),
          file,
          `${model.label}.glb`,
        ],
        { encoding: "utf8", maxBuffer: 4 * MB },
      );
      return JSON.parse(output.trim().split("\n").pop() as string) as {
        ms: number;
        peakBytes: number;
        outBytes: number;
        counts: { triangleCount: number };
      };
    });
    const run = {
      ...(runs[0] as (typeof runs)[number]),
      ms: median(runs.map((entry) => entry.ms)),
      peakBytes: median(runs.map((entry) => entry.peakBytes)),
    };
    rows.push({
      model: model.label,
      inputBytes: glb.length,
      ms: round(run.ms, 0),
      peakMemoryBytes: run.peakBytes,
      memoryRatio: round(run.peakBytes / glb.length, 2),
      outputBytes: run.outBytes,
      sizeRatio: round(run.outBytes / glb.length, 3),
      triangles: run.counts.triangleCount,
    });
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}

const fourMb = rows.filter((row) => String(row.model).startsWith("4MB"));
const fourMbMs = Math.max(...fourMb.map((row) => row.ms as number));
// the memory target is judged from the 4 MB class up: below it the process's fixed working set
// (the validator worker's start, WASM heaps) dominates, and every row is printed anyway
const large = rows.filter((row) => /^(4MB|20MB)/.test(String(row.model)));
const worstMemoryRatio = Math.max(...large.map((row) => row.memoryRatio as number));
const averageSizeRatio = round(
  rows.reduce((sum, row) => sum + (row.sizeRatio as number), 0) / rows.length,
  3,
);
report(
  "model-pipeline",
  {
    fourMbGlbMs: fourMbMs,
    worstMemoryRatio,
    averageSizeRatio,
    targets: {
      fourMbGlbMs: TIME_BUDGET_MS,
      memoryRatio: MEMORY_RATIO_MAX,
      averageSizeRatio: SIZE_RATIO_MAX,
    },
    models: rows,
  },
  fourMbMs <= TIME_BUDGET_MS &&
    worstMemoryRatio <= MEMORY_RATIO_MAX &&
    averageSizeRatio <= SIZE_RATIO_MAX,
);
