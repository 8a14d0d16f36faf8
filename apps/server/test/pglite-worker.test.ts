import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/client.js";
import { PGLITE_START_PARAMS } from "../src/db/embedded.js";
import { migrate } from "../src/db/migrate.js";
import { WorkerPglite } from "../src/db/pglite-thread.js";
import { appMeta } from "../src/db/schema/index.js";

// The server runs PGlite in a worker thread (db/pglite-thread.ts, docs/startup.md); tests and
// the CLI run it in process. The worker must answer exactly as PGlite in process does: the same
// values, PostgreSQL's error fields, and PGlite's transactions (a query from outside waits).

const VALUES_SQL = `SELECT
  1::int AS int, 9007199254740993::int8 AS big, 1.5::float8 AS float, 12.30::numeric AS num,
  true AS flag, 'text'::text AS text, NULL::text AS nothing,
  '2026-11-27 05:00:00.123+00'::timestamptz AS at, '2026-11-27'::date AS day,
  '{"a":[1,{"b":null}]}'::jsonb AS doc, '\\x00ff10'::bytea AS bytes,
  ARRAY[1,2,3]::int[] AS ints, ARRAY['2026-11-27 05:00:00+00']::timestamptz[] AS ats,
  gen_random_uuid() IS NOT NULL AS uuid_ok`;

/** The database as main.ts opens it: PGlite's thread started first, then handed over. */
function openInThread(dataDir: string) {
  return openDatabase({
    pgliteDataDir: dataDir,
    pgliteWorker: new WorkerPglite({ dataDir, startParams: PGLITE_START_PARAMS }),
  });
}

describe("PGlite in a worker thread", () => {
  let dir: string;
  let worker: DatabaseHandle;
  let inProcess: DatabaseHandle;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "atrium-pglite-worker-"));
    [worker, inProcess] = await Promise.all([
      openInThread(path.join(dir, "pg")),
      openDatabase({ pgliteDataDir: "memory://" }),
    ]);
    await migrate(worker);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await inProcess?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("answers drizzle's queries with the values PGlite gives in process", async () => {
    type Result = { rows: Record<string, unknown>[] };
    const fromWorker = (await worker.db.execute(sql.raw(VALUES_SQL))) as Result;
    const fromProcess = (await inProcess.db.execute(sql.raw(VALUES_SQL))) as Result;
    expect(fromWorker.rows).toEqual(fromProcess.rows);
    expect(fromWorker.rows[0]).toMatchObject({ big: 9007199254740993n, at: expect.any(String) });

    await worker.db.insert(appMeta).values({ key: "probe", value: { n: 1 } });
    const rows = await worker.db.select().from(appMeta).where(eq(appMeta.key, "probe"));
    expect(rows).toEqual([{ key: "probe", value: { n: 1 }, updatedAt: expect.any(Date) }]);
  });

  it("keeps PostgreSQL's error fields, which the services read (a unique violation is 23505)", async () => {
    await worker.db.insert(appMeta).values({ key: "twice", value: 1 });
    const error = await worker.db
      .insert(appMeta)
      .values({ key: "twice", value: 2 })
      .then(
        () => null,
        (caught: unknown) => caught as Error & { cause?: Record<string, unknown> },
      );
    expect(error?.cause).toMatchObject({ code: "23505", constraint: "app_meta_pkey" });
    expect(String(error?.cause?.message)).toContain("duplicate key value");
  });

  it("commits a transaction, rolls one back when it throws, and nests with savepoints", async () => {
    await worker.db.transaction(async (tx) => {
      await tx.insert(appMeta).values({ key: "kept", value: 1 });
      await tx
        .transaction(async (inner) => {
          await inner.insert(appMeta).values({ key: "inner", value: 1 });
          throw new Error("undo the inner one");
        })
        .catch(() => {});
    });
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.insert(appMeta).values({ key: "undone", value: 1 });
        throw new Error("undo it all");
      }),
    ).rejects.toThrow("undo it all");
    await worker.db
      .transaction(async (tx) => {
        await tx.insert(appMeta).values({ key: "rolled back", value: 1 });
        tx.rollback();
      })
      .catch(() => {});

    const keys = await worker.db.select({ key: appMeta.key }).from(appMeta);
    const present = keys.map((row) => row.key);
    expect(present).toContain("kept");
    expect(present).not.toContain("inner");
    expect(present).not.toContain("undone");
    expect(present).not.toContain("rolled back");
  });

  it("makes a query from outside wait until a transaction ends, as PGlite does in process", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = worker.db.transaction(async (tx) => {
      await tx.insert(appMeta).values({ key: "in transaction", value: 1 });
      await held;
      order.push("transaction ends");
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = worker.db
      .select()
      .from(appMeta)
      .where(eq(appMeta.key, "in transaction"))
      .then((rows) => {
        order.push("outside answered");
        return rows;
      });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual([]);
    release();
    await transaction;
    expect(await outside).toHaveLength(1);
    expect(order).toEqual(["transaction ends", "outside answered"]);
  });

  it("runs scripts of several statements in the SQL session, with its own transactions", async () => {
    await worker.withExclusiveSession("script", async (session) => {
      await session.exec(
        "CREATE TABLE script_probe (n int); INSERT INTO script_probe VALUES (1), (2);",
      );
      await session
        .transaction(async (inner) => {
          await inner.exec("INSERT INTO script_probe VALUES (3)");
          throw new Error("undo");
        })
        .catch(() => {});
      expect(
        await session.query<{ total: number }>("SELECT sum(n)::int AS total FROM script_probe"),
      ).toEqual([{ total: 3 }]);
    });
  });

  it("fails a query whose parameter cannot be copied to the thread, and goes on answering", async () => {
    await worker.withExclusiveSession("copy", async (session) => {
      await expect(session.query("SELECT $1::text AS value", [() => "a function"])).rejects.toThrow(
        /could not be cloned/,
      );
      expect(await session.query("SELECT $1::text AS value", ["text"])).toEqual([
        { value: "text" },
      ]);
    });
  });

  it("keeps its data across a restart, and refuses queries after closing with a clear error", async () => {
    const closing = await openInThread(path.join(dir, "second"));
    await migrate(closing);
    await closing.db.insert(appMeta).values({ key: "survives", value: 1 });
    await closing.close();
    const afterClose = await closing.db
      .select()
      .from(appMeta)
      .catch((error: { cause?: Error }) => error.cause);
    expect(afterClose).toBeInstanceOf(Error);
    expect((afterClose as Error).message).toBe("the database is closed");

    const reopened = await openInThread(path.join(dir, "second"));
    expect(await migrate(reopened)).toEqual([]);
    expect(
      await reopened.db.select().from(appMeta).where(eq(appMeta.key, "survives")),
    ).toHaveLength(1);
    await reopened.close();
  }, 60_000);

  it("reports a thread that stops on its own as lost (the server exits), and not one closed", async () => {
    const memory = () => new WorkerPglite({ dataDir: undefined, startParams: PGLITE_START_PARAMS });
    const closed = memory();
    await closed.ready;
    await closed.close();
    const notLost = await Promise.race([
      closed.lost.then(() => "lost"),
      new Promise((resolve) => setTimeout(() => resolve("not lost"), 200)),
    ]);
    expect(notLost).toBe("not lost");

    const crashing = memory();
    await crashing.ready;
    // what a crash in PGlite's WebAssembly comes to: the thread is gone
    await (crashing as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    const lost = await crashing.lost;
    expect(lost.message).toMatch(/^the database thread stopped/);
    await expect(crashing.query("SELECT 1")).rejects.toBe(lost);
  }, 60_000);
});
