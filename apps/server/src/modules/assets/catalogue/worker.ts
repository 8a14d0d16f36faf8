import { parentPort, workerData } from "node:worker_threads";
import type { FromWorker, ToWorker } from "./in-worker.js";
import { buildCatalogue, type CatalogueEntry } from "./index.js";

// The worker side of buildCatalogueInWorker (in-worker.ts): builds the catalogue one entry at a
// time, each when the main thread asks for it, so that painting textures and drawing thumbnails
// never holds the server's event loop.

const port = parentPort;
if (!port) throw new Error("catalogue/worker.ts runs as a worker thread");

const skip = new Set<string>((workerData as { skip: string[] }).skip);
const entries = buildCatalogue({ skip });
let current: CatalogueEntry | null = null;

// copied, not transferred: a small Buffer's memory is a slice of a shared pool
function send(message: FromWorker) {
  port?.postMessage(message);
}

port.on("message", (message: ToWorker) => {
  const reply = async (): Promise<FromWorker> => {
    if (message.type === "details") {
      if (!current) throw new Error("details asked before an entry");
      return { type: "details", details: await current.details(message.ids) };
    }
    const next = await entries.next();
    if (next.done) return { type: "done" };
    current = next.value;
    const { details: _details, ...entry } = current;
    return { type: "entry", entry };
  };
  reply().then(send, (error: unknown) =>
    send({
      type: "error",
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
});
