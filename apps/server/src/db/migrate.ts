import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { DatabaseHandle } from "./client.js";

/**
 * Applies the SQL files of the migrations directory in name order, each in its own
 * transaction, recording them in schema_migrations. Instances starting together
 * take turns through an advisory lock, so each file runs exactly once.
 */
export async function migrate(
  handle: DatabaseHandle,
  directory = defaultMigrationsDirectory(),
): Promise<string[]> {
  const files = (await readdir(directory)).filter((name) => name.endsWith(".sql")).sort();
  return handle.withExclusiveSession("atrium:migrate", async (session) => {
    await session.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const applied = new Set(
      (await session.query<{ name: string }>("SELECT name FROM schema_migrations")).map(
        (row) => row.name,
      ),
    );
    const appliedNow: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const sql = await readFile(`${directory}/${file}`, "utf8");
      await session.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [file]);
      });
      appliedNow.push(file);
    }
    return appliedNow;
  });
}

/**
 * `./migrations` beside this module: src/db/migrations when run from source (tests),
 * dist/migrations beside the bundle (the build copies them there).
 */
export function defaultMigrationsDirectory() {
  return fileURLToPath(new URL("./migrations", import.meta.url));
}
