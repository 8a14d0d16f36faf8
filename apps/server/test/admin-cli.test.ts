import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/client.js";
import { migrate } from "../src/db/migrate.js";
import { users, walletTransactions } from "../src/db/schema/index.js";
import { createLedger } from "../src/modules/wallet/ledger.js";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const cli = path.join(serverDir, "src/cli.ts");

function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", cli, ...args], {
      cwd: serverDir,
      env: { ...process.env, REDIS_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/**
 * `npm run admin` on both engines: the embedded database in DATA_DIR always, and PostgreSQL
 * (a private schema) when DATABASE_URL is set.
 */
const engines: {
  name: string;
  open(): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }>;
}[] = [
  {
    name: "embedded PGlite in DATA_DIR",
    async open() {
      const dataDir = await mkdtemp(path.join(tmpdir(), "atrium-cli-"));
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: "" },
        cleanup: () => rm(dataDir, { recursive: true, force: true }),
      };
    },
  },
  ...(process.env.DATABASE_URL
    ? [
        {
          name: "PostgreSQL at DATABASE_URL",
          async open() {
            const base = process.env.DATABASE_URL!;
            const schema = `test_cli_${randomBytes(4).toString("hex")}`;
            const admin = new pg.Client({ connectionString: base });
            await admin.connect();
            await admin.query(`CREATE SCHEMA ${schema}`);
            await admin.end();
            const url = new URL(base);
            url.searchParams.set("options", `-c search_path=${schema},public`);
            return {
              env: { DATABASE_URL: url.href },
              async cleanup() {
                const client = new pg.Client({ connectionString: base });
                await client.connect();
                await client.query(`DROP SCHEMA ${schema} CASCADE`);
                await client.end();
              },
            };
          },
        },
      ]
    : []),
];

describe.each(engines)("npm run admin on $name", (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  async function database(env: Record<string, string>): Promise<DatabaseHandle> {
    const handle = await openDatabase(
      env.DATABASE_URL
        ? { databaseUrl: env.DATABASE_URL }
        : { pgliteDataDir: `${env.DATA_DIR}/pg` },
    );
    await migrate(handle);
    return handle;
  }

  it("sets a plan and grants and revokes the admin role", { timeout: 60_000 }, async () => {
    const { env, cleanup } = await engine.open();
    cleanups.push(cleanup);
    const db = await database(env);
    await db.db.insert(users).values({ id: "u1", email: "Owner@Example.test", name: "Owner" });
    await db.close();

    const plan = await runCli(["set-plan", "owner@example.test", "pro"], env);
    expect(plan.output).toContain("plan pro (premium-user)");
    expect(plan.code).toBe(0);
    const granted = await runCli(["grant-admin", "owner@example.test"], env);
    expect(granted.output).toContain("roles [admin]");
    const wrongPlan = await runCli(["set-plan", "owner@example.test", "gold"], env);
    expect(wrongPlan.code).toBe(64);
    const nobody = await runCli(["set-plan", "nobody@example.test", "pro"], env);
    expect(nobody.code).toBe(1);
    expect(nobody.output).toContain("no account");

    const check = await database(env);
    const [row] = await check.db.select().from(users).where(sql`${users.id} = 'u1'`);
    expect(row).toMatchObject({ plan: "pro", roles: ["admin"] });
    await check.close();
    const revoked = await runCli(["revoke-admin", "owner@example.test"], env);
    expect(revoked.output).toContain("roles []");
  });

  it("grants credits into the wallet's ledger, once per key", { timeout: 120_000 }, async () => {
    const { env, cleanup } = await engine.open();
    cleanups.push(cleanup);
    const db = await database(env);
    await db.db.insert(users).values({ id: "u2", email: "buyer@example.test", name: "Buyer" });
    await db.close();

    const granted = await runCli(
      ["grant-credits", "buyer@example.test", "1200", "grant-0001"],
      env,
    );
    expect(granted.output).toContain("granted 1200 credits, balance 1200");
    expect(granted.code).toBe(0);
    const again = await runCli(["grant-credits", "buyer@example.test", "1200", "grant-0001"], env);
    expect(again.output).toContain("already granted, balance 1200");
    const more = await runCli(["grant-credits", "buyer@example.test", "50"], env);
    expect(more.output).toContain("balance 1250");
    for (const bad of ["-5", "1.5", "0", "99999999999", "ten"]) {
      const refused = await runCli(["grant-credits", "buyer@example.test", bad], env);
      expect(refused.code, bad).toBe(64);
    }

    const check = await database(env);
    const rows = await check.db
      .select()
      .from(walletTransactions)
      .where(sql`${walletTransactions.userId} = 'u2'`);
    expect(rows.map((row) => [row.kind, row.amount])).toEqual(
      expect.arrayContaining([
        ["adminGrant", 1200],
        ["adminGrant", 50],
      ]),
    );
    expect(rows).toHaveLength(2);
    await check.close();
  });

  it("refunds one spend of credits, once", { timeout: 120_000 }, async () => {
    const { env, cleanup } = await engine.open();
    cleanups.push(cleanup);
    const db = await database(env);
    await db.db.insert(users).values({ id: "u3", email: "spender@example.test", name: "Spender" });
    const ledger = createLedger(db.db);
    await ledger.apply({
      userId: "u3",
      kind: "adminGrant",
      credits: 600,
      idempotencyKey: "grant-0003",
      description: "grant",
    });
    const spend = await ledger.apply({
      userId: "u3",
      kind: "slotPurchase",
      credits: 600,
      idempotencyKey: "spend-0003",
      description: "Publishing slot",
    });
    await db.close();

    const id = spend.transaction.id;
    const refunded = await runCli(["refund-credits", "spender@example.test", id], env);
    expect(refunded.output).toContain("refunded 600 credits, balance 600");
    expect(refunded.code).toBe(0);
    const again = await runCli(["refund-credits", "spender@example.test", id], env);
    expect(again.output).toContain("already refunded, balance 600");
    const unknown = await runCli(["refund-credits", "spender@example.test", "nope"], env);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain("no such spend on this account");
  });
});
