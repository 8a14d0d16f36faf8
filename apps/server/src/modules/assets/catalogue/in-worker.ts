import { Worker } from "node:worker_threads";
import type { CatalogueEntry, StoredIds } from "./index.js";

// Painting the catalogue's textures and drawing its thumbnails is seconds of pure computation:
// on the server's main thread it would hold every request behind it while a new database gets
// its catalogue. It runs in a worker thread instead, one entry at a time on request (so only one
// entry is in memory at once); the main thread stores the files and rows.

export type ToWorker = { type: "next" } | { type: "details"; ids: StoredIds };
export type FromWorker =
  | { type: "entry"; entry: Omit<CatalogueEntry, "details"> }
  | { type: "details"; details: Record<string, unknown> }
  | { type: "done" }
  | { type: "error"; message: string };

/**
 * The worker's script: the built server (dist/server.cjs) has it beside it as
 * catalogue-worker.js (scripts/build.mjs); from the TypeScript source (tests, tsx) it is
 * worker-source.mjs, which loads worker.ts through tsx.
 */
function startWorker(skip: string[]) {
  const script = import.meta.url.endsWith(".ts") ? "./worker-source.mjs" : "./catalogue-worker.js";
  return new Worker(new URL(script, import.meta.url), { workerData: { skip } });
}

/** buildCatalogue's entries, built in a worker thread; ending the loop early stops the worker. */
export async function* buildCatalogueInWorker(
  options: { skip?: ReadonlySet<string> } = {},
): AsyncGenerator<CatalogueEntry> {
  const worker = startWorker([...(options.skip ?? [])]);
  let failed: Error | null = null;
  let waiting: ((message: FromWorker) => void) | null = null;
  const fail = (error: Error) => {
    failed = error;
    waiting?.({ type: "error", message: error.message });
  };
  worker.on("message", (message: FromWorker) => waiting?.(message));
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the catalogue worker stopped (exit code ${code})`)));
  const ask = (message: ToWorker) =>
    new Promise<FromWorker>((resolve) => {
      if (failed) return resolve({ type: "error", message: failed.message });
      waiting = resolve;
      worker.postMessage(message);
    }).then((answer) => {
      waiting = null;
      if (answer.type === "error") throw new Error(`catalogue worker: ${answer.message}`);
      return answer;
    });
  try {
    for (;;) {
      const answer = await ask({ type: "next" });
      if (answer.type !== "entry") return;
      yield {
        ...answer.entry,
        details: async (ids) => {
          const reply = await ask({ type: "details", ids });
          if (reply.type !== "details") throw new Error(`catalogue worker answered ${reply.type}`);
          return reply.details;
        },
      };
    }
  } finally {
    worker.removeAllListeners("exit");
    await worker.terminate();
  }
}
