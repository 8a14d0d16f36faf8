import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** "postgres" when DATABASE_URL points at a real server, else "pglite". */
  kind: DatabaseHandle["kind"];
  /** The isolating schema on PostgreSQL (null on PGlite, which is private anyway). */
  schema: string | null;
  drop(): Promise<void>;
}

/**
 * A private, migrated database for one test file: a fresh schema on the real
 * PostgreSQL when DATABASE_URL is set (CI), an in-memory PGlite otherwise.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const handle = await openDatabase({ pgliteDataDir: "memory://" });
    await migrate(handle);
    return { handle, kind: "pglite", schema: null, drop: () => handle.close() };
  }
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = await openDatabase({
    databaseUrl,
    poolSize: 4,
    connectionOptions: `-c search_path=${schema},public`,
  });
  await migrate(handle);
  return {
    handle,
    kind: "postgres",
    schema,
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}
