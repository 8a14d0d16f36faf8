import pg from "pg";

// A throwaway PostgreSQL database for a benchmark: made on the server of BENCH_DATABASE_URL
// (default: the local test server) and dropped afterwards. Null when PostgreSQL is unreachable.

export const benchDatabaseUrl =
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function scratchDatabase(prefix: string): Promise<ScratchDatabase | null> {
  const admin = new pg.Client({
    connectionString: benchDatabaseUrl,
    connectionTimeoutMillis: 3000,
  });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(benchDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: benchDatabaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
