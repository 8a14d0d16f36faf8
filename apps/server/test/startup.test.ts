import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePremadeSpaces } from "../src/modules/scenes/premade-content.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";

// Every start checks the premade spaces (docs/startup.md): one query when they are all there,
// and only the missing ones made and inserted otherwise, leaving what an operator changed.

let database: TestDatabase;
const run = <Row>(statement: string, params: unknown[] = []) =>
  database.handle.withExclusiveSession("test", (session) => session.query<Row>(statement, params));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe("premade spaces at start", () => {
  it("installs them once, then adds only a missing one and keeps changed rows", async () => {
    const installed = await ensurePremadeSpaces(database.handle);
    expect(installed).toBeGreaterThan(0);
    expect(await ensurePremadeSpaces(database.handle)).toBe(0);

    const [first, second] = await run<{ id: string }>(
      "SELECT id FROM space_templates ORDER BY id LIMIT 2",
    );
    await run("UPDATE space_templates SET credit_price = 999 WHERE id = $1", [first?.id]);
    await run("DELETE FROM space_templates WHERE id = $1", [second?.id]);
    expect(await ensurePremadeSpaces(database.handle)).toBe(1);

    const rows = await run<{ id: string; credit_price: number }>(
      "SELECT id, credit_price FROM space_templates WHERE id = ANY($1::text[])",
      [[first?.id, second?.id]],
    );
    expect(rows.map((row) => row.id).sort()).toEqual([first?.id, second?.id].sort());
    expect(rows.find((row) => row.id === first?.id)?.credit_price).toBe(999);
    const [{ count }] = (await run<{ count: number }>(
      "SELECT count(*)::int AS count FROM space_templates",
    )) as [{ count: number }];
    expect(count).toBe(installed);
  });
});
