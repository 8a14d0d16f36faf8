import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import { PGLITE_START_PARAMS } from "./embedded.js";
import type { WorkerPglite } from "./pglite-thread.js";
import * as schema from "./schema/index.js";

// Each engine's driver is loaded only when that engine is used: a start on PGlite never loads
// pg, and one on PostgreSQL never loads PGlite's WebAssembly.

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = "pglite" | "postgres";

/** The one connection to the database, whichever engine runs it. */
export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /**
   * Runs `fn` on one dedicated connection holding a session-level advisory lock,
   * so that several instances starting together take turns (migrations, seeding).
   */
  withExclusiveSession<T>(name: string, fn: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * Resolves once the database answers; rejects if it cannot open. PGlite in a worker thread
   * is still opening when openDatabase returns, and queries wait for it meanwhile.
   */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** A raw SQL session on one connection: multi-statement scripts and transactions. */
export interface SqlSession {
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  transaction<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for PGlite's files; `memory://` keeps it in memory (tests). */
  pgliteDataDir?: string;
  poolSize?: number;
  /** Extra libpq options (tests set a private search_path). */
  connectionOptions?: string;
  /**
   * PGlite in a worker thread of its own, already started on pgliteDataDir (main.ts starts it
   * first thing: its opening no longer takes turns with the server's start, and queries do not
   * hold requests). Without it PGlite runs on this thread (tests, tools).
   */
  pgliteWorker?: WorkerPglite;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options) : openPglite(options);
}

async function openPostgres(options: DatabaseOptions): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePostgres }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
  ]);
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    ...(options.connectionOptions ? { options: options.connectionOptions } : {}),
  });
  // an idle client that errors (server restart) must not crash the process
  pool.on("error", () => {});
  const client = await pool.connect();
  client.release();
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    ready: Promise.resolve(),
    async withExclusiveSession(name, fn) {
      const connection = await pool.connect();
      const session = postgresSession(connection);
      try {
        await connection.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
        return await fn(session);
      } finally {
        await connection.query("SELECT pg_advisory_unlock(hashtext($1))", [name]).catch(() => {});
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

function postgresSession(connection: pg.PoolClient): SqlSession {
  const session: SqlSession = {
    async exec(sql) {
      await connection.query(sql);
    },
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await connection.query(sql, params);
      return result.rows as Row[];
    },
    async transaction(fn) {
      await connection.query("BEGIN");
      try {
        const result = await fn(session);
        await connection.query("COMMIT");
        return result;
      } catch (error) {
        await connection.query("ROLLBACK");
        throw error;
      }
    },
  };
  return session;
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  const dataDir = options.pgliteDataDir ?? "memory://";
  const storedIn = dataDir.startsWith("memory://") ? undefined : path.resolve(dataDir);
  // a fresh DATA_DIR (first start) does not exist yet (PGlite's thread makes its own)
  if (storedIn && !options.pgliteWorker) mkdirSync(storedIn, { recursive: true });
  const [client, { drizzle: drizzlePglite }] = await Promise.all([
    options.pgliteWorker ??
      import("@electric-sql/pglite").then(({ PGlite }) =>
        PGlite.create(storedIn, {
          startParams: [...PGlite.defaultStartParams, ...PGLITE_START_PARAMS],
        }),
      ),
    import("drizzle-orm/pglite"),
  ]);
  // drizzle uses query, exec and transaction, which the worker's client offers as PGlite does
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Database;
  const session: SqlSession = {
    async exec(sql) {
      await client.exec(sql);
    },
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await client.query<Row>(sql, params);
      return result.rows;
    },
    async transaction(fn) {
      // PGlite is one connection: BEGIN/COMMIT on it is the transaction
      await client.exec("BEGIN");
      try {
        const result = await fn(session);
        await client.exec("COMMIT");
        return result;
      } catch (error) {
        await client.exec("ROLLBACK");
        throw error;
      }
    },
  };
  return {
    db,
    kind: "pglite",
    ready: options.pgliteWorker?.ready ?? Promise.resolve(),
    // one process owns a PGlite directory, so there is no one to take turns with
    withExclusiveSession: (_name, fn) => fn(session),
    close: () => client.close(),
  };
}
