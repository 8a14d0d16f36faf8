// The credit ledger under load (issue 17): 200 concurrent purchases and spends against one
// wallet through HTTP on the built server: 100 credit purchases (sandbox checkout, paid with the
// test card: the signed webhook credits the wallet) and 100 spends (slot purchases of 2 slots,
// 1200 credits; 20 of them repeat another spend's idempotency key, as a retried click does).
// On PostgreSQL (a throwaway database on BENCH_DATABASE_URL, default the local server) two
// app instances share the database and the requests alternate between them; on PGlite one.
// Checks: no double spend (each key spent once, replays answer the first movement, the slots
// bought match the spends), no balance below zero (every movement's balance after it), the
// balance equal to the sum of the movements and to what was bought minus what was spent.
// Figures: p95 latency of one spend (client round trip of a slot purchase made alone, 50 in a
// row after the burst), beside the p95 of a spend inside the burst of 200 (queued behind the
// others on two shared cores).

import { scratchDatabase } from "../lib/postgres";
import { median, percentile, report, round } from "../lib/report";
import { type RunningServer, startAtrium, tempDataDir } from "../lib/server";

const PURCHASES = 100;
const SPENDS = 100;
const REPEATS = 20;
const SLOTS_PER_SPEND = 2;
const SLOT_CREDITS = 600;
const BUNDLE = "credits-600";
const PREFUND_BUNDLE = "credits-1800";
const PREFUND = 20;
const ALONE = 50;
const MARKET = "/api/marketplaceService";

interface Client {
  origin: string;
  headers: Record<string, string>;
}

async function call(client: Client, method: string, path: string, body?: unknown) {
  const response = await fetch(`${client.origin}${path}`, {
    method,
    headers: client.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function buyCredits(client: Client, priceId: string) {
  const session = await call(client, "POST", `${MARKET}/stripe/create-checkout-session`, {
    priceId,
    returnPath: "/wallet",
  });
  if (session.status !== 200 && session.status !== 201)
    throw new Error(`checkout answered ${session.status}: ${JSON.stringify(session.body)}`);
  const paid = await call(
    client,
    "POST",
    `${MARKET}/sandbox/checkout/${session.body.sessionId}/pay`,
    { cardNumber: "4242 4242 4242 4242" },
  );
  if (paid.status !== 200) throw new Error(`pay answered ${paid.status}`);
}

async function run(servers: RunningServer[], database: "postgres" | "pglite") {
  const first = servers[0] as RunningServer;
  const signUp = await fetch(`${first.url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `ledger-${Date.now()}@bench.invalid`,
      password: "a long enough password",
      name: "Bench",
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
  const cookie = (signUp.headers.get("set-cookie") ?? "").split(";")[0] as string;
  // each instance's own origin (PUBLIC_URL defaults to http://localhost:{PORT})
  const clients: Client[] = servers.map((server) => ({
    origin: server.url,
    headers: {
      "content-type": "application/json",
      cookie,
      origin: server.url.replace("127.0.0.1", "localhost"),
    },
  }));
  const clientAt = (index: number) => clients[index % clients.length] as Client;

  for (let index = 0; index < PREFUND; index++) await buyCredits(clientAt(index), PREFUND_BUNDLE);
  // warm-up spends, not measured
  for (let index = 0; index < 3; index++) {
    await call(clientAt(index), "POST", `${MARKET}/internaltransaction`, {
      idempotencyKey: `bench-warm-up-${index}`,
      slots: 1,
    });
  }
  const before = (await call(clientAt(0), "GET", `${MARKET}/wallet/byuserid`)).body
    .availableBalance as number;

  const keys = Array.from({ length: SPENDS }, (_, index) =>
    index < SPENDS - REPEATS ? `bench-spend-${index}` : `bench-spend-${index - (SPENDS - REPEATS)}`,
  );
  const burstTimes: number[] = [];
  const spend = async (index: number) => {
    const started = performance.now();
    const answer = await call(clientAt(index), "POST", `${MARKET}/internaltransaction`, {
      idempotencyKey: keys[index],
      slots: SLOTS_PER_SPEND,
    });
    burstTimes.push(performance.now() - started);
    return { key: keys[index] as string, ...answer };
  };
  const purchaseErrors: string[] = [];
  const unexpectedAlone: number[] = [];
  const operations: Promise<unknown>[] = [];
  const spends: Promise<Awaited<ReturnType<typeof spend>>>[] = [];
  const started = performance.now();
  for (let index = 0; index < Math.max(PURCHASES, SPENDS); index++) {
    if (index < PURCHASES)
      operations.push(
        buyCredits(clientAt(index + 1), BUNDLE).catch((error) =>
          purchaseErrors.push(String(error)),
        ),
      );
    if (index < SPENDS) {
      const pending = spend(index);
      spends.push(pending);
      operations.push(pending);
    }
  }
  await Promise.all(operations);
  const wallMs = performance.now() - started;
  const answers = await Promise.all(spends);

  // one spend at a time: its own latency
  const spendTimes: number[] = [];
  let aloneSpent = 0;
  for (let index = 0; index < ALONE; index++) {
    const at = performance.now();
    const answer = await call(clientAt(index), "POST", `${MARKET}/internaltransaction`, {
      idempotencyKey: `bench-alone-${index}`,
      slots: 1,
    });
    spendTimes.push(performance.now() - at);
    if (answer.status === 201) aloneSpent++;
    else if (answer.status !== 402) unexpectedAlone.push(answer.status);
  }

  // what the wallet says, what its movements add up to, and what they should add up to
  const balance = (await call(clientAt(0), "GET", `${MARKET}/wallet/byuserid`)).body
    .availableBalance as number;
  const movements: { internalTransactionId: string; amount: number; balanceAfter: number }[] = [];
  for (let cp = 0; ; cp++) {
    const page = await call(clientAt(0), "GET", `${MARKET}/internaltransaction?cp=${cp}&ipp=60`);
    movements.push(...page.body.items);
    if (page.body.items.length < 60) break;
  }
  const sum = movements.reduce((total, movement) => total + movement.amount, 0);
  const unexpected = [
    ...answers
      .filter((answer) => ![200, 201, 402].includes(answer.status))
      .map((answer) => answer.status),
    ...unexpectedAlone,
  ];
  const byKey = new Map<string, Set<string>>();
  for (const answer of answers) {
    if (answer.status === 200 || answer.status === 201) {
      const ids = byKey.get(answer.key) ?? new Set<string>();
      ids.add(answer.body.transaction.internalTransactionId);
      byKey.set(answer.key, ids);
    }
  }
  const spentKeys = byKey.size;
  const doubleSpends = [...byKey.values()].filter((ids) => ids.size > 1).length;
  const slots = (await call(clientAt(0), "GET", "/api/sceneService/slot/my")).body as {
    kind: string;
  }[];
  const purchasedSlots = slots.filter((slot) => slot.kind === "purchased").length;
  const purchased = PURCHASES - purchaseErrors.length;
  const expected =
    before +
    purchased * 600 -
    spentKeys * SLOTS_PER_SPEND * SLOT_CREDITS -
    aloneSpent * SLOT_CREDITS;
  const checks = {
    noDoubleSpend:
      doubleSpends === 0 && purchasedSlots === 3 + spentKeys * SLOTS_PER_SPEND + aloneSpent,
    noNegativeBalance: balance >= 0 && movements.every((movement) => movement.balanceAfter >= 0),
    balanceIsSumOfMovements: balance === sum && balance === expected,
    noErrors: unexpected.length === 0 && purchaseErrors.length === 0,
  };
  return {
    figures: {
      database,
      instances: servers.length,
      operations: PURCHASES + SPENDS,
      creditPurchases: purchased,
      spends: SPENDS,
      spendsPaid: answers.filter((answer) => answer.status === 201).length,
      spendsReplayed: answers.filter((answer) => answer.status === 200).length,
      spendsRefused402: answers.filter((answer) => answer.status === 402).length,
      balance,
      sumOfMovements: sum,
      movements: movements.length,
      spendP50Ms: round(median(spendTimes)),
      spendP95Ms: round(percentile(spendTimes, 95)),
      burstSpendP50Ms: round(median(burstTimes)),
      burstSpendP95Ms: round(percentile(burstTimes, 95)),
      wallMs: Math.round(wallMs),
      ...checks,
      ...(unexpected.length ? { unexpected: unexpected.slice(0, 3) } : {}),
      ...(purchaseErrors.length ? { purchaseErrors: purchaseErrors.slice(0, 3) } : {}),
    },
    ok: Object.values(checks).every(Boolean),
  };
}

const results: Record<string, unknown> = {};
let ok = true;

const scratch = await scratchDatabase("atrium_bench_ledger");
if (scratch) {
  const servers: RunningServer[] = [];
  try {
    // two app instances on one database; the first migrates it before the second starts
    servers.push(
      await startAtrium(tempDataDir(), { SEED_DEMO: "false", DATABASE_URL: scratch.url }),
    );
    servers.push(
      await startAtrium(tempDataDir(), { SEED_DEMO: "false", DATABASE_URL: scratch.url }),
    );
    const outcome = await run(servers, "postgres");
    results.postgres = outcome.figures;
    ok &&= outcome.ok;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await scratch.drop();
  }
} else {
  results.postgres = { skipped: "PostgreSQL unreachable (set BENCH_DATABASE_URL)" };
}

const embedded = await startAtrium(tempDataDir(), { SEED_DEMO: "false" });
try {
  const outcome = await run([embedded], "pglite");
  results.pglite = outcome.figures;
  ok &&= outcome.ok;
} finally {
  await embedded.stop();
}

report("ledger", results, ok);
