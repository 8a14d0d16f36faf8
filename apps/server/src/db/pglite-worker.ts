import { mkdirSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { useSlowWasmTiering } from "./embedded.js";
import {
  type FromWorker,
  type PgliteWorkerData,
  sendError,
  type ToWorker,
} from "./pglite-thread.js";

// The database thread (pglite-thread.ts): opens PGlite and answers the main thread's calls.

const port = parentPort!;
const data = workerData as PgliteWorkerData;
const reply = (message: FromWorker) => port.postMessage(message);

const transactions = new Map<
  number,
  { tx: Transaction; finish(commit: boolean): void; done: Promise<void> }
>();
let lastTransaction = 0;

function keepAsText(textTypes: number[]) {
  return Object.fromEntries(textTypes.map((type) => [type, (value: string) => value]));
}

function transactionOf(id: number | undefined) {
  if (id === undefined) return undefined;
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  return open.tx;
}

/** Opens a PGlite transaction that stays open until the main thread ends it. */
function begin(pg: PGlite): Promise<number> {
  const id = ++lastTransaction;
  return new Promise((opened, failed) => {
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (finish = resolve));
    // the callback runs after BEGIN, so `done` is set by then
    const done: Promise<void> = pg
      .transaction(async (tx) => {
        transactions.set(id, { tx, finish, done });
        opened(id);
        if (!(await decided)) await tx.rollback();
      })
      .finally(() => transactions.delete(id));
    done.catch(failed);
  });
}

async function answer(pg: PGlite, call: ToWorker): Promise<unknown> {
  switch (call.op) {
    case "query": {
      const target = transactionOf(call.tx) ?? pg;
      const result = await target.query(call.sql, call.params, {
        ...(call.rowMode ? { rowMode: call.rowMode } : {}),
        parsers: keepAsText(call.textTypes),
      });
      return { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields };
    }
    case "exec": {
      const results = await (transactionOf(call.tx) ?? pg).exec(call.sql);
      return results.map((result) => ({
        rows: result.rows,
        affectedRows: result.affectedRows,
        fields: result.fields,
      }));
    }
    case "begin":
      return begin(pg);
    case "end": {
      const open = transactions.get(call.tx);
      if (!open) throw new Error(`transaction ${call.tx} is not open`);
      open.finish(call.commit);
      await open.done;
      return undefined;
    }
    case "close":
      await pg.close();
      return undefined;
  }
}

// PGlite's WebAssembly: optimised only where it runs long (embedded.ts)
useSlowWasmTiering();

try {
  // a fresh DATA_DIR (first start) does not exist yet
  if (data.dataDir) mkdirSync(data.dataDir, { recursive: true });
  const pg = await PGlite.create(data.dataDir, {
    startParams: [...PGlite.defaultStartParams, ...data.startParams],
  });
  port.on("message", (call: ToWorker) => {
    answer(pg, call).then(
      (value) => reply({ id: call.id, ok: true, value }),
      (error: unknown) => reply({ id: call.id, ok: false, error: sendError(error) }),
    );
  });
  reply({ id: 0, ready: true });
} catch (error) {
  reply({ id: 0, ready: false, error: sendError(error) });
}
