import { Worker } from "node:worker_threads";

// PGlite in a worker thread. PGlite is PostgreSQL compiled to WebAssembly: opening it (compiling the
// module, unpacking its files, PostgreSQL's own start) and every query run on the thread that owns
// it. On the server's main thread, its opening took turns with loading the server's modules and
// building the application, a third of a cold start (docs/startup.md), and each query held every
// request behind it. Here it runs on a thread of its own; the main thread talks to it by messages.
//
// WorkerPglite offers the part of PGlite's client that drizzle-orm/pglite and the SQL sessions of
// db/client.ts use: query, exec, transaction (PGlite's own, so a query outside a transaction waits
// for it, as in process) and close.

export interface PgliteWorkerData {
  /** A directory, or undefined for a database in memory. */
  dataDir: string | undefined;
  /** PostgreSQL settings added to PGlite's own. */
  startParams: string[];
}

type Call =
  | {
      op: "query";
      sql: string;
      params: unknown[];
      rowMode: "array" | "object" | undefined;
      /** Type OIDs whose values stay as PostgreSQL's text (drizzle parses dates itself). */
      textTypes: number[];
      tx?: number;
    }
  | { op: "exec"; sql: string; tx?: number }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "close" };

export type ToWorker = Call & { id: number };

export interface SentError {
  message: string;
  name: string;
  /** The error's own primitive fields: PostgreSQL's code, detail, constraint, table… */
  fields: Record<string, string | number | boolean | null>;
}

export type FromWorker =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SentError }
  | { id: 0; ready: true }
  | { id: 0; ready: false; error: SentError };

export interface QueryResult<Row> {
  rows: Row[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

interface QueryOptions {
  rowMode?: "array" | "object";
  /** drizzle's parsers keep some types as text; a parser is taken to mean exactly that. */
  parsers?: Record<number, unknown>;
}

/** An error from the worker as a plain object (structured cloning keeps only an error's message). */
export function sendError(error: unknown): SentError {
  const fields: SentError["fields"] = {};
  if (error && typeof error === "object") {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ["string", "number", "boolean"].includes(typeof value)) {
        fields[key] = value as string | number | boolean | null;
      }
    }
  }
  return {
    message: error instanceof Error ? error.message : String(error),
    name: error instanceof Error ? error.name : "Error",
    fields,
  };
}

function receiveError(sent: SentError): Error {
  const error = new Error(sent.message);
  Object.assign(error, sent.fields);
  error.name = sent.name;
  return error;
}

/**
 * The worker's script: the built server has it beside its bundle as pglite-worker.js
 * (scripts/build.mjs); from the TypeScript source (tests, tsx) it is pglite-worker-source.mjs,
 * which loads pglite-worker.ts through tsx.
 */
function workerScript() {
  const name = import.meta.url.endsWith(".ts")
    ? "./pglite-worker-source.mjs"
    : "./pglite-worker.js";
  return new URL(name, import.meta.url);
}

export class WorkerPglite {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void }
  >();
  private lastId = 0;
  private stopped: Error | null = null;
  /**
   * Resolves once PGlite is open in the thread; rejects if it could not open. Calls made before
   * wait for it, in order, so the server can be built meanwhile.
   */
  readonly ready: Promise<void>;
  /**
   * Resolves if the thread stops after opening without close() asking it to (an error nothing
   * in the thread caught, the thread's memory limit): every later query would fail, so the
   * server exits and its supervisor starts it again (main.ts). An error in one query is that
   * query's answer and does not end the thread.
   */
  readonly lost: Promise<Error>;
  private closing = false;

  /** Starts the thread, which opens PGlite: see `ready`. */
  constructor(data: PgliteWorkerData) {
    const worker = new Worker(workerScript(), { workerData: data });
    this.worker = worker;
    let opened = false;
    let markLost: (error: Error) => void = () => {};
    this.lost = new Promise((resolve) => {
      markLost = resolve;
    });
    this.ready = new Promise((resolve, reject) => {
      worker.on("message", (message: FromWorker) => {
        if ("ready" in message) {
          if (message.ready) {
            opened = true;
            resolve();
          } else {
            this.stopped = receiveError(message.error);
            reject(this.stopped);
            void worker.terminate();
          }
          return;
        }
        const call = this.pending.get(message.id);
        if (!call) return;
        this.pending.delete(message.id);
        if (message.ok) call.resolve(message.value);
        else call.reject(receiveError(message.error));
      });
      const stop = (error: Error) => {
        if (opened && !this.closing && !this.stopped) markLost(error);
        this.stopped ??= error;
        reject(this.stopped);
        for (const call of this.pending.values()) call.reject(this.stopped);
        this.pending.clear();
      };
      worker.on("error", (error) =>
        stop(new Error(`the database thread failed: ${error.message}`)),
      );
      worker.on("exit", (code) =>
        stop(new Error(`the database thread stopped (exit code ${code})`)),
      );
    });
    // a failed open is reported to whoever waits for `ready` or calls
    this.ready.catch(() => {});
  }

  private async call<T>(call: Call): Promise<T> {
    await this.ready;
    if (this.stopped) throw this.stopped;
    const id = ++this.lastId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.worker.postMessage({ ...call, id } satisfies ToWorker);
      } catch (error) {
        // a parameter that cannot be copied to the thread (a function, a class instance)
        this.pending.delete(id);
        reject(error as Error);
      }
    });
  }

  query<Row>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number) {
    return this.call<QueryResult<Row>>({
      op: "query",
      sql,
      params,
      rowMode: options?.rowMode,
      textTypes: Object.keys(options?.parsers ?? {}).map(Number),
      ...(tx === undefined ? {} : { tx }),
    });
  }

  exec(sql: string, tx?: number) {
    return this.call<QueryResult<unknown>[]>({
      op: "exec",
      sql,
      ...(tx === undefined ? {} : { tx }),
    });
  }

  /** PGlite's transaction: `fn`'s queries run in it, other queries wait until it ends. */
  async transaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const tx = new WorkerTransaction(this, await this.call<number>({ op: "begin" }));
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      if (!tx.closed) await tx.end(false).catch(() => {});
      throw error;
    }
    if (!tx.closed) await tx.end(true);
    return result;
  }

  /** @internal WorkerTransaction's end of a transaction. */
  endTransaction(tx: number, commit: boolean) {
    return this.call<void>({ op: "end", tx, commit });
  }

  async close() {
    await this.ready.catch(() => {});
    if (this.stopped) return;
    this.closing = true;
    await this.call({ op: "close" });
    this.stopped = new Error("the database is closed");
    await this.worker.terminate();
  }
}

export class WorkerTransaction {
  closed = false;

  constructor(
    private readonly client: WorkerPglite,
    private readonly id: number,
  ) {}

  query<Row>(sql: string, params: unknown[] = [], options?: QueryOptions) {
    return this.client.query<Row>(sql, params, options, this.id);
  }

  exec(sql: string) {
    return this.client.exec(sql, this.id);
  }

  /** Rolls the transaction back now; PGlite's own Transaction has the same. */
  rollback() {
    return this.end(false);
  }

  /** @internal */
  end(commit: boolean) {
    this.closed = true;
    return this.client.endTransaction(this.id, commit);
  }
}
