import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for Stripe's API: tests say, in order, which requests the adapter must make
// and what Stripe answers. Every request is checked against the next expectation (method, path,
// the form-encoded or query parameters exactly, the secret key as bearer, the Stripe-Version,
// the Idempotency-Key when one is expected, none when not); anything else is a problem the test
// reports, answered with a Stripe-shaped error so the adapter cannot mistake it for success.

export interface StripeRequest {
  method: string;
  path: string;
  /** Query (GET, DELETE) or form body (POST) parameters, flattened as Stripe sends them. */
  params: Record<string, string>;
  headers: IncomingMessage["headers"];
}

export interface Expectation {
  method: "GET" | "POST" | "DELETE";
  path: string;
  /**
   * The parameters, exactly; a function builds them from the request when they hold an id the
   * test cannot know beforehand (Atrium's checkout session id...).
   */
  params?: Record<string, string> | ((sent: Record<string, string>) => Record<string, string>);
  /** The Idempotency-Key the request must carry (a RegExp to match); absent: it must carry none. */
  idempotencyKey?: string | RegExp | ((sent: Record<string, string>) => string);
  status?: number;
  /** The JSON Stripe answers, or a function of the request. */
  answer: unknown | ((request: StripeRequest) => unknown);
  /** Extra answer headers (stripe-should-retry...). */
  headers?: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  /** Requests the adapter made, in order. */
  received: StripeRequest[];
  /** Everything a request got wrong; a test expects this to stay empty. */
  problems: string[];
  expect(...expectations: Expectation[]): void;
  /** Expectations not yet met. */
  pending(): Expectation[];
  reset(): void;
  close(): Promise<void>;
}

export async function startStripeStandIn(options: {
  secretKey: string;
  apiVersion: string;
}): Promise<StripeStandIn> {
  const queue: Expectation[] = [];
  const received: StripeRequest[] = [];
  const problems: string[] = [];

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(request.url ?? "/", "http://stand-in");
    const method = request.method ?? "GET";
    const params = Object.fromEntries(
      new URLSearchParams(method === "POST" ? body : url.search.slice(1)),
    );
    const got: StripeRequest = { method, path: url.pathname, params, headers: request.headers };
    received.push(got);
    const label = `${method} ${url.pathname}`;
    const fail = (problem: string) => {
      problems.push(`${label}: ${problem}`);
      response.writeHead(400, {
        "content-type": "application/json",
        "stripe-should-retry": "false",
      });
      response.end(
        JSON.stringify({
          error: { type: "invalid_request_error", message: `stand-in: ${problem}` },
        }),
      );
    };

    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return fail(`Authorization is ${JSON.stringify(request.headers.authorization)}`);
    }
    if (request.headers["stripe-version"] !== options.apiVersion) {
      return fail(`Stripe-Version is ${JSON.stringify(request.headers["stripe-version"])}`);
    }
    if (
      method === "POST" &&
      request.headers["content-type"] !== "application/x-www-form-urlencoded"
    ) {
      return fail(`Content-Type is ${JSON.stringify(request.headers["content-type"])}`);
    }
    const next = queue.shift();
    if (!next) return fail("no request was expected");
    if (next.method !== method || next.path !== url.pathname) {
      return fail(`expected ${next.method} ${next.path}`);
    }
    const expectedParams =
      typeof next.params === "function" ? next.params(params) : (next.params ?? {});
    if (JSON.stringify(sorted(params)) !== JSON.stringify(sorted(expectedParams))) {
      return fail(
        `parameters ${JSON.stringify(sorted(params))}, expected ${JSON.stringify(sorted(expectedParams))}`,
      );
    }
    const key = request.headers["idempotency-key"];
    if (next.idempotencyKey === undefined) {
      // the package adds its own key to a retried POST; a first try carries none of ours
      if (key !== undefined && !(method === "POST" && /^stripe-node-retry-/.test(String(key)))) {
        return fail(`unexpected Idempotency-Key ${JSON.stringify(key)}`);
      }
    } else {
      const wanted =
        typeof next.idempotencyKey === "function"
          ? next.idempotencyKey(params)
          : next.idempotencyKey;
      if (
        typeof key !== "string" ||
        (typeof wanted === "string" ? key !== wanted : !wanted.test(key))
      ) {
        return fail(`Idempotency-Key is ${JSON.stringify(key)}, expected ${wanted}`);
      }
    }
    const answer = typeof next.answer === "function" ? next.answer(got) : next.answer;
    response.writeHead(next.status ?? 200, {
      "content-type": "application/json",
      "request-id": `req_standin_${received.length}`,
      ...next.headers,
    });
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    problems,
    expect(...expectations) {
      queue.push(...expectations);
    },
    pending: () => [...queue],
    reset() {
      queue.length = 0;
      received.length = 0;
      problems.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function sorted(record: Record<string, string>) {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/** A Stripe list object. */
export function stripeList<T>(data: T[], url: string) {
  return { object: "list", data, has_more: false, url };
}

/** A Stripe price with its product expanded. */
export function stripePrice(fields: {
  id: string;
  amount: number;
  currency?: string;
  name: string;
  metadata?: Record<string, string>;
  productMetadata?: Record<string, string>;
  interval?: "month" | "year" | "week";
  intervalCount?: number;
  active?: boolean;
  productActive?: boolean;
}) {
  return {
    id: fields.id,
    object: "price",
    active: fields.active ?? true,
    currency: fields.currency ?? "eur",
    unit_amount: fields.amount,
    nickname: null,
    type: fields.interval ? "recurring" : "one_time",
    recurring: fields.interval
      ? {
          interval: fields.interval,
          interval_count: fields.intervalCount ?? 1,
          usage_type: "licensed",
        }
      : null,
    metadata: fields.metadata ?? {},
    product: {
      id: `prod_${fields.id}`,
      object: "product",
      active: fields.productActive ?? true,
      name: fields.name,
      metadata: fields.productMetadata ?? {},
    },
  };
}
