import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { appMeta } from "../src/db/schema/index.js";

describe("the embedded database (PGlite on disk)", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("creates a DATA_DIR that does not exist yet, and keeps data across restarts", async () => {
    const parent = await mkdtemp(path.join(tmpdir(), "atrium-db-"));
    dirs.push(parent);
    const dataDir = path.join(parent, "not", "yet", "there", "pg");

    const first = await openDatabase({ pgliteDataDir: dataDir });
    expect(await migrate(first)).toContain("0000_foundation.sql");
    await first.db.execute(sql`INSERT INTO app_meta (key, value) VALUES ('probe', '1'::jsonb)`);
    await first.close();

    const second = await openDatabase({ pgliteDataDir: dataDir });
    expect(await migrate(second)).toEqual([]);
    const rows = await second.db.select().from(appMeta).where(eq(appMeta.key, "probe"));
    expect(rows.map((row) => row.value)).toEqual([1]);
    await second.close();
  });
});
