import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Stripe from "stripe";
import { expect, test } from "../fixtures";

// Issue 17 item 3: the built server with Stripe configured (STRIPE_SECRET_KEY and
// STRIPE_WEBHOOK_SECRET), its API pointed at a small fake of Stripe in this test (prices, Checkout
// sessions, a hosted checkout page whose Pay button sends the signed checkout.session.completed
// webhook and returns to success_url, as Stripe Checkout does). A buyer pays for credits on
// "Stripe" and comes back to a credited wallet; when Stripe refuses to open a checkout, the
// wallet shows Stripe's own message.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const secretKey = "sk_test_e2e_journey";
const webhookSecret = "whsec_e2e_journey";

interface FakeSession {
  id: string;
  mode: string;
  userId: string;
  checkoutSessionId: string;
  priceId: string;
  successUrl: string;
}

let fake: Server;
let fakeUrl = "";
let app: ChildProcess;
let appUrl = "";
let dataDir = "";
/** The message Stripe answers the next checkout request with, as a 400. */
let refuseNext: string | null = null;
const sessions = new Map<string, FakeSession>();
/** Subscriptions the fake created, as Stripe's API answers them. */
const subscriptions = new Map<string, Record<string, unknown>>();

const bundlePrices = [
  { id: "price_e2e_600", credits: "600", amount: 6000, name: "600 credits" },
  { id: "price_e2e_1800", credits: "1800", amount: 17000, name: "1,800 credits" },
].map((price) => ({
  id: price.id,
  object: "price",
  active: true,
  currency: "eur",
  unit_amount: price.amount,
  type: "one_time",
  recurring: null,
  nickname: null,
  metadata: { credits: price.credits },
  product: {
    id: `prod_${price.id}`,
    object: "product",
    active: true,
    name: price.name,
    metadata: {},
  },
}));
const planPrices = (
  [
    ["standard", "month", 1500],
    ["standard", "year", 15000],
    ["pro", "month", 4900],
    ["pro", "year", 49000],
  ] as const
).map(([plan, interval, amount]) => ({
  id: `price_e2e_${plan}_${interval}`,
  object: "price",
  active: true,
  currency: "eur",
  unit_amount: amount,
  type: "recurring",
  recurring: { interval, interval_count: 1, usage_type: "licensed" },
  nickname: null,
  metadata: { plan },
  product: {
    id: `prod_e2e_${plan}`,
    object: "product",
    active: true,
    name: `${plan} plan`,
    metadata: {},
  },
}));
const prices = [...bundlePrices, ...planPrices];

async function readBody(request: import("node:http").IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function startFakeStripe() {
  return new Promise<void>((resolve) => {
    fake = createServer(async (request, response) => {
      const url = new URL(request.url ?? "/", fakeUrl);
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (url.pathname.startsWith("/v1/")) {
        if (request.headers.authorization !== `Bearer ${secretKey}`) {
          return json(401, { error: { type: "invalid_request_error", message: "bad key" } });
        }
        if (request.method === "GET" && url.pathname === "/v1/prices") {
          return json(200, { object: "list", data: prices, has_more: false, url: "/v1/prices" });
        }
        if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
          const params = new URLSearchParams(await readBody(request));
          if (refuseNext) {
            const message = refuseNext;
            refuseNext = null;
            return json(400, { error: { type: "invalid_request_error", message } });
          }
          const id = `cs_test_e2e_${sessions.size + 1}`;
          sessions.set(id, {
            id,
            mode: params.get("mode") ?? "payment",
            userId: params.get("metadata[userId]") ?? "",
            checkoutSessionId: params.get("metadata[checkoutSessionId]") ?? "",
            priceId: params.get("line_items[0][price]") ?? "",
            successUrl: params.get("success_url") ?? "",
          });
          return json(200, {
            id,
            object: "checkout.session",
            mode: params.get("mode"),
            status: "open",
            url: `${fakeUrl}/pay/${id}`,
          });
        }
        const subscription = subscriptions.get(url.pathname.replace(/^\/v1\/subscriptions\//, ""));
        if (request.method === "GET" && subscription) return json(200, subscription);
        return json(404, { error: { type: "invalid_request_error", message: "unknown path" } });
      }
      // the hosted checkout page
      const session = sessions.get(url.pathname.replace(/^\/pay\//, ""));
      if (!session) {
        response.writeHead(404).end();
        return;
      }
      if (request.method === "GET") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><title>Fake Stripe Checkout</title><h1>Pay Atrium</h1><p data-testid="price">${session.priceId}</p><form method="post"><button>Pay</button></form>`,
        );
        return;
      }
      // a subscription checkout creates the customer and the subscription, as Stripe does
      const subscriptionId = session.mode === "subscription" ? `sub_e2e_${session.id}` : null;
      if (subscriptionId) {
        const start = Math.floor(Date.now() / 1000);
        const end = start + (session.priceId.endsWith("_year") ? 365 : 30) * 86_400;
        subscriptions.set(subscriptionId, {
          id: subscriptionId,
          object: "subscription",
          customer: `cus_e2e_${session.id}`,
          status: "active",
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          ended_at: null,
          items: {
            object: "list",
            data: [
              {
                id: `si_${subscriptionId}`,
                object: "subscription_item",
                price: { id: session.priceId, object: "price" },
                current_period_start: start,
                current_period_end: end,
              },
            ],
            has_more: false,
          },
          metadata: { userId: session.userId, checkoutSessionId: session.checkoutSessionId },
        });
      }
      const payload = JSON.stringify({
        id: `evt_e2e_${session.id}`,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: session.id,
            object: "checkout.session",
            mode: session.mode,
            status: "complete",
            payment_status: "paid",
            customer: subscriptionId ? `cus_e2e_${session.id}` : null,
            subscription: subscriptionId,
            client_reference_id: session.checkoutSessionId,
            metadata: {
              checkoutSessionId: session.checkoutSessionId,
              ...(session.userId ? { userId: session.userId } : {}),
            },
          },
        },
      });
      const delivered = await fetch(`${appUrl}/api/marketplaceService/stripe/webhook`, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: webhookSecret,
          }),
        },
        body: payload,
      });
      if (!delivered.ok) {
        response.writeHead(500).end(`webhook answered ${delivered.status}`);
        return;
      }
      response.writeHead(303, { location: session.successUrl }).end();
    });
    fake.listen(0, "127.0.0.1", () => {
      fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
      resolve();
    });
  });
}

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startApp() {
  const port = await freePort();
  appUrl = `http://localhost:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "atrium-e2e-stripe-"));
  app = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: appUrl,
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      SIGNUP_LIMIT_PER_HOUR: "1000",
      SEED_DEMO: "false",
      DATABASE_URL: "",
      REDIS_URL: "",
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: fakeUrl,
    },
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const healthy = await fetch(`${appUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    if (app.exitCode !== null) throw new Error(`the server exited with ${app.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not answer /api/health in 90 s");
}

test.describe("card checkout on Stripe", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await startFakeStripe();
    await startApp();
  });

  test.afterAll(async () => {
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app.once("exit", resolve));
      app.kill("SIGTERM");
      await exited;
    }
    await new Promise((resolve) => fake?.close(resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("buys credits on Stripe's checkout page; a refused checkout shows Stripe's message", async ({
    page,
  }) => {
    const signUp = await page.request.post(`${appUrl}/api/auth/signup`, {
      data: {
        email: `stripe-${Date.now()}@example.test`,
        password: "a long enough password",
        name: "Stripe Buyer",
      },
    });
    expect(signUp.status()).toBe(201);
    const products = await (
      await page.request.get(`${appUrl}/api/marketplaceService/stripe/products`)
    ).json();
    expect(products.provider).toBe("stripe");

    await page.goto(`${appUrl}/wallet`);
    await expect(page.getByTestId("wallet-balance")).toHaveText("0 credits");

    // Stripe refuses: its message, not the catalogue's generic one, and nothing changes
    refuseNext = "Your account cannot currently make live charges.";
    await page.getByRole("radio", { name: /600 credits/ }).check();
    await page.getByRole("button", { name: "Buy credits" }).click();
    await expect(page.getByText("Your account cannot currently make live charges.")).toBeVisible();
    await expect(page.getByText("Failed to open Paddle checkout")).toHaveCount(0);
    await expect(page).toHaveURL(`${appUrl}/wallet`);

    // Stripe opens its page; paying there sends the webhook and comes back to the wallet
    await page.getByRole("radio", { name: /1800 credits/ }).check();
    await page.getByRole("button", { name: "Buy credits" }).click();
    await expect(page).toHaveURL(new RegExp(`^${fakeUrl}/pay/cs_test_e2e_\\d+$`));
    await expect(page.getByTestId("price")).toHaveText("price_e2e_1800");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/wallet\?checkout=cs_[0-9a-f]{32}$/);
    await expect(page.getByTestId("wallet-paid")).toContainText("1,800 credits were added");
    await expect(page.getByTestId("wallet-balance")).toHaveText("1800 credits");
  });

  test("subscribes to Pro on Stripe's page from the pricing page; the header says PRO without signing in again", async ({
    page,
    context,
  }) => {
    const signUp = await page.request.post(`${appUrl}/api/auth/signup`, {
      data: {
        email: `stripe-pro-${Date.now()}@example.test`,
        password: "a long enough password",
        name: "Stripe Subscriber",
      },
    });
    expect(signUp.status()).toBe(201);
    const other = await context.newPage();
    await other.goto(`${appUrl}/`);
    await expect(other.getByTestId("header-plan-label")).toHaveText("FREE");

    await page.goto(`${appUrl}/pricing`);
    await page.getByRole("button", { name: "Choose Pro" }).click();
    await expect(page).toHaveURL(new RegExp(`^${fakeUrl}/pay/cs_test_e2e_\\d+$`));
    // yearly is preselected for Pro
    await expect(page.getByTestId("price")).toHaveText("price_e2e_pro_year");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/settings\?tab=subscription&checkout=cs_[0-9a-f]{32}$/);
    await expect(page.getByTestId("header-plan-label")).toHaveText("PRO");
    // the other tab was not reloaded: the push changed its header
    await expect(other.getByTestId("header-plan-label")).toHaveText("PRO");
    expect(await other.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
  });
});
