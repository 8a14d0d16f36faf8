import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { expect, it } from "vitest";

// The early start's code is on the room's critical path: each area of the message catalogue it
// carries was a file of its own to ask for before the room (seven, when the engine took its
// placeholder's words from the whole catalogue). It may carry the core strings only.

const here = path.dirname(fileURLToPath(import.meta.url));

it("the early start carries no message area but the core strings", async () => {
  const result = await build({
    entryPoints: [path.join(here, "early-start.ts")],
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "browser",
    outdir: "/nonexistent",
    logLevel: "silent",
  });
  const kept = Object.values(result.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file),
  );
  const areas = kept.filter((file) => /domain\/src\/messages(\.ts|\/)/.test(file));
  expect(areas.length).toBeGreaterThan(0);
  expect(areas.filter((file) => !file.endsWith("messages/core.ts"))).toEqual([]);
});
