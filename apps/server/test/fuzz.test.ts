import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app.js";
import { pngImage } from "./support/images.js";
import { type MultipartPart, multipart } from "./support/multipart.js";
import { createDraft, publishedSpace } from "./support/spaces.js";
import { signUpUser, type TestUser } from "./support/users.js";

// Bad input never gives a 5xx, and a refused request changes nothing (issue 15, item 2 and "Bad
// input"). Reads the app's own OpenAPI document and, for every route, signed out, as a member
// and as an admin, sends generated path parameters (traversal, %00, %ZZ, very long, control
// characters, real ids), query strings (the route's parameters and cp, ipp, q), headers, JSON
// bodies shaped like the route's schema or not, broken JSON and multipart forms with files.
// Fixed seed and a bounded number of runs per route, so CI runs the same cases every time.
// On real PostgreSQL when DATABASE_URL is set, PGlite otherwise (test/support/database.ts).

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 8);

interface Operation {
  method: string;
  /** OpenAPI path, `/api/x/{id}` */
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodySchema: JsonSchema | null;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  additionalProperties?: JsonSchema | boolean;
}

type Identity = "signed out" | "member" | "admin";

let t: TestApp;
let operations: Operation[];
let components: Record<string, JsonSchema> = {};
const users: Record<Exclude<Identity, "signed out">, TestUser | null> = {
  member: null,
  admin: null,
};
/** Real ids of this database, so some requests get past the "not found" answers. */
const knownIds: string[] = [];
/** The ids each identity owns, so its requests reach the code past the access checks. */
const ownIds: Record<Identity, string[]> = { "signed out": [], member: [], admin: [] };
let snapshotQuery = "";

beforeAll(async () => {
  t = await createTestApp();
  const document = (
    t.app as unknown as {
      swagger(): {
        paths: Record<string, Record<string, OpenApiOperation>>;
        components?: { schemas?: Record<string, JsonSchema> };
      };
    }
  ).swagger();
  components = document.components?.schemas ?? {};
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        pathParams: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === "path")
          .map((parameter) => parameter.name),
        queryParams: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === "query")
          .map((parameter) => parameter.name),
        bodySchema: operation.requestBody?.content?.["application/json"]?.schema ?? null,
      })),
  );
  await refreshUsers();
  snapshotQuery = await buildSnapshotQuery();
}, 120_000);
afterAll(() => t?.close());

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Signs the identities (back) in: a fuzzed logout, password change or deletion ends them. */
async function refreshUsers() {
  for (const identity of ["member", "admin"] as const) {
    const user = users[identity];
    if (user) {
      const me = await t.app.inject({
        method: "GET",
        url: "/api/userService/user/my",
        headers: { cookie: user.cookie },
      });
      if (me.statusCode === 200) continue;
    }
    const fresh = await signUpUser(
      t,
      identity === "admin" ? { admin: true, plan: "pro" } : { plan: "free" },
    );
    users[identity] = fresh;
    const own = (id: string) => {
      knownIds.push(id);
      ownIds[identity].push(id);
    };
    own(fresh.userId);
    // something of theirs to point at: a draft, a published space, an info point
    own((await createDraft(t, fresh, { title: `${identity}'s draft` })).sceneId);
    if (identity === "admin") own((await publishedSpace(t, fresh, { title: "Published" })).sceneId);
    const info = await t.app.inject({
      method: "POST",
      url: "/api/assetService/infopoint",
      headers: { cookie: fresh.cookie, origin: t.context.config.publicUrl },
      payload: { title: "Exit", body: "Down the stairs", category: "directions" },
    });
    if (info.statusCode === 201) own(info.json().assetId);
  }
}

/**
 * One query that fingerprints the stored data: an md5 of every row of every table, except the
 * ones a refused request may rightly write (sessions seen, sign-in attempts counted, mail).
 */
async function buildSnapshotQuery() {
  const tables = await t.database.handle.withExclusiveSession("fuzz", (session) =>
    session.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    ),
  );
  const kept = tables
    .map((row) => row.table_name)
    .filter((name) => !/session|login|attempt|limit|outbox|mail|schema_migrations/.test(name));
  expect(kept).toContain("scenes");
  return `SELECT ${kept
    .map(
      (name) =>
        `(SELECT md5(coalesce(string_agg(row_text, ',' ORDER BY row_text), '')) FROM (SELECT t::text AS row_text FROM "${name}" t) rows) AS "${name}"`,
    )
    .join(", ")}`;
}

async function snapshot() {
  const [row] = await t.database.handle.withExclusiveSession("fuzz", (session) =>
    session.query<Record<string, string>>(snapshotQuery),
  );
  return row as Record<string, string>;
}

// ---- what is sent ----------------------------------------------------------------------------

/** Text that has broken servers: controls, lone surrogates, traversal, SQL, huge, empty. */
const nastyText = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\udfff",
    "\u0000\ud800",
    "\u001b[31m",
    "\u0085",
    "\u007f",
    "../../etc/passwd",
    "..\\..\\windows",
    "%00",
    "%ZZ",
    "'; DROP TABLE users; --",
    "<script>alert(1)</script>",
    "null",
    "undefined",
    "NaN",
    "-1",
    "0",
    "1e309",
    "9".repeat(40),
    "true",
    "[]",
    "{}",
    "\ud83c\udfa8",
    "x".repeat(5000),
  ),
  fc.string({ maxLength: 30, unit: "binary" }),
  fc.string({ maxLength: 12 }),
);

/** Ordinary text with one character the text rule refuses somewhere in it. */
const controlText = fc
  .tuple(
    fc.string({ maxLength: 6 }),
    fc.constantFrom("\u0000", "\ud800", "\udc00", "\u001b", "\u0085", "\u0008", "\u007f"),
    fc.string({ maxLength: 6 }),
  )
  .map((parts) => parts.join(""));

const knownId = fc.nat().map((index) => knownIds[index % knownIds.length] ?? "");
const idOrText = fc.oneof(
  { weight: 3, arbitrary: knownId },
  { weight: 3, arbitrary: controlText },
  { weight: 3, arbitrary: nastyText },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

/** A path segment as it appears in the URL: encoded text, or raw percent sequences. */
const pathSegment = fc.oneof(
  { weight: 4, arbitrary: idOrText.map(encodeSegment) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "..%2F..%2Fetc%2Fpasswd",
      "..%2f",
      "%2e%2e",
      "..",
      ".",
      "%00",
      "a%00b",
      "%ZZ",
      "%",
      "%E0%A4%A",
      "%ED%A0%80",
      "%C0%AF",
      "%FF%FE",
      "%0A%0D",
      "%20",
      "a".repeat(4000),
      `${"%41".repeat(1500)}`,
    ),
  },
);

/** encodeURIComponent, with lone surrogates sent as their (invalid) UTF-8 bytes. */
function encodeSegment(text: string) {
  return Array.from(text)
    .map((character) => {
      const code = character.charCodeAt(0);
      if (character.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
      }
      return encodeURIComponent(character);
    })
    .join("");
}

/** A query string: the route's parameters and the paging ones, each absent, odd or repeated. */
const queryString = (names: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...new Set([...names, "cp", "ipp", "q"])) },
          { weight: 1, arbitrary: nastyText.map(encodeSegment) },
        ),
        fc.oneof(
          { weight: 3, arbitrary: idOrText.map(encodeSegment) },
          {
            weight: 2,
            arbitrary: fc.constantFrom(
              "0",
              "-1",
              "1",
              "2",
              "100000000000",
              "1.5",
              "1e3",
              "%00",
              "%ZZ",
              "%1B%5B",
              "%ED%A0%80",
              "%C2%85",
              "a%00",
            ),
          },
          { weight: 1, arbitrary: fc.integer().map(String) },
        ),
      ),
      { maxLength: 6 },
    )
    .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join("&"));

/** A JSON value shaped like `schema` (with odd values in its fields), or not. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const anyJson = fc.jsonValue({ maxDepth: 2 });
  if (!schema || depth > 4) return fc.oneof(anyJson, nastyText);
  if (schema.$ref) return fromSchema(components[schema.$ref.split("/").pop() ?? ""], depth + 1);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => fromSchema(choice, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], depth + 1);
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), nastyText);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), nastyText);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return idOrText;
    case "integer":
    case "number":
      return fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true }),
        fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53, 0.5),
        nastyText,
      );
    case "boolean":
      return fc.oneof(fc.boolean(), fc.constantFrom("true", 0, null));
    case "array":
      return fc.oneof(
        { weight: 3, arbitrary: fc.array(fromSchema(schema.items, depth + 1), { maxLength: 3 }) },
        { weight: 1, arbitrary: anyJson },
      );
    case "object": {
      const properties = schema.properties ?? {};
      const shaped = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, property]) => [
            name,
            fromSchema(property, depth + 1),
          ]),
        ),
        { requiredKeys: [] },
      );
      const extra = fc.dictionary(nastyText, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 });
      return fc.oneof(
        { weight: 4, arbitrary: shaped },
        {
          weight: 1,
          arbitrary: fc.tuple(shaped, extra).map(([base, more]) => ({ ...more, ...base })),
        },
        { weight: 1, arbitrary: anyJson },
      );
    }
    default:
      return fc.oneof(anyJson, nastyText);
  }
}

/**
 * A value the route's schema accepts except for its text: every string (value, not key) holds a
 * character the text rule refuses, or is a real id. This is what reaches the services and the
 * database when a client sends odd text in an otherwise good request.
 */
function shapedFromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.constant(null);
  if (schema.$ref)
    return shapedFromSchema(components[schema.$ref.split("/").pop() ?? ""], depth + 1);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length)
    return fc.oneof(...choices.map((choice) => shapedFromSchema(choice, depth + 1)));
  if (schema.allOf?.length) return shapedFromSchema(schema.allOf[0], depth + 1);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return fc.oneof({ weight: 4, arbitrary: controlText }, { weight: 1, arbitrary: knownId });
    case "integer":
      return fc.integer({ min: 0, max: 5 });
    case "number":
      return fc.double({ min: 0, max: 5, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(shapedFromSchema(schema.items, depth + 1), { minLength: 1, maxLength: 2 });
    case "object":
      return fc.record(
        Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([name, property]) => [
            name,
            shapedFromSchema(property, depth + 1),
          ]),
        ),
      );
    default:
      return fc.constant(null);
  }
}

type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string; bytes: Buffer }
  | { kind: "multipart"; parts: MultipartPart[] };

const FILE_FIELDS = ["file", "assetFile", "thumbnail", "profilePicture", "coverPhoto", "photos"];
const FIELD_NAMES = [
  "title",
  "description",
  "name",
  "tags",
  "category",
  "link",
  "provider",
  "searchable",
  "socialMedia",
  "profilePictureCrop",
  "data",
];
let png: Buffer;

const multipartBody: fc.Arbitrary<Body> = fc
  .array(
    fc.oneof(
      fc.record({
        name: fc.oneof(fc.constantFrom(...FIELD_NAMES), nastyText),
        value: fc.oneof(
          nastyText,
          fc.jsonValue({ maxDepth: 1 }).map((value) => JSON.stringify(value)),
        ),
      }),
      fc.record({
        name: fc.constantFrom(...FILE_FIELDS),
        filename: fc.oneof(
          fc.constantFrom(
            "a.png",
            "../../x.glb",
            "m.gltf",
            "a.mp3",
            "v.mp4",
            "z.zip",
            "a\u0000.png",
            "",
          ),
          fc.string({ maxLength: 20 }),
        ),
        contentType: fc.constantFrom(
          "image/png",
          "model/gltf-binary",
          "audio/mpeg",
          "application/zip",
          "text/plain",
          "video/mp4",
        ),
        data: fc.oneof(
          fc.uint8Array({ maxLength: 256 }),
          fc.constant(null).map(() => new Uint8Array(png)),
          fc.constant(new Uint8Array(0)),
        ),
      }),
    ),
    { maxLength: 5 },
  )
  .map((parts) => ({ kind: "multipart", parts }) as Body);

const bodyFor = (operation: Operation): fc.Arbitrary<Body> => {
  const writes = operation.method !== "GET" && operation.method !== "DELETE";
  const json = fromSchema(operation.bodySchema ?? undefined).map(
    (value) => ({ kind: "json", value }) as Body,
  );
  const raw = fc
    .record({
      contentType: fc.constantFrom(
        "application/json",
        "application/json; charset=utf-8",
        "text/plain",
        "application/x-www-form-urlencoded",
        "application/octet-stream",
        "multipart/form-data; boundary=broken",
        "multipart/form-data",
        "image/png",
      ),
      bytes: fc.oneof(
        fc
          .constantFrom(
            "{",
            '{"title":',
            "null",
            "[]",
            '"text"',
            "0",
            '{"__proto__":{"x":1}}',
            '{"constructor":{"prototype":{"x":1}}}',
            '--broken\r\nContent-Disposition: form-data; name="x"\r\n\r\nv\r\n',
          )
          .map((text) => Buffer.from(text)),
        fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
        fc.constant(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
      ),
    })
    .map((value) => ({ kind: "raw", ...value }) as Body);
  return writes
    ? fc.oneof(
        { weight: 5, arbitrary: json },
        { weight: 2, arbitrary: multipartBody },
        { weight: 2, arbitrary: raw },
        { weight: 1, arbitrary: fc.constant({ kind: "none" } as Body) },
      )
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant({ kind: "none" } as Body) },
        { weight: 1, arbitrary: json },
        { weight: 1, arbitrary: raw },
      );
};

const extraHeaders = fc.record(
  {
    accept: fc.constantFrom("*/*", "application/json", "text/html", "image/webp", "nonsense"),
    range: fc.constantFrom(
      "bytes=0-10",
      "bytes=abc",
      "bytes=999999999999-",
      "bytes=5-1",
      "items=0-1",
    ),
    "if-none-match": fc.oneof(fc.constantFrom('"x"', "*", "W/"), fc.string({ maxLength: 10 })),
    "x-request-id": fc.stringMatching(/^[\w-]{0,40}$/),
    "x-forwarded-for": fc.constantFrom("1.2.3.4", "::1", "nonsense", "999.999.1.1"),
    "accept-language": fc.constantFrom("fr", "zz-ZZ", "*", ";;;"),
    origin: fc.constantFrom("https://evil.example", "null", "http://localhost"),
  },
  { requiredKeys: [] },
);

/** A session cookie of another kind: garbage, encoded controls, huge. */
const oddCookie = fc.oneof(
  fc.constantFrom(
    "atrium_session=%00",
    "atrium_session=%ZZ",
    "atrium_session=%ED%A0%80",
    "atrium_session=",
    `atrium_session=${"a".repeat(5000)}`,
    "atrium_session=..%2F..%2F",
    "atrium_session=a; atrium_session=b",
  ),
  fc.stringMatching(/^[\w.-]{0,60}$/).map((value) => `atrium_session=${value}`),
);

const ownId = (identity: Identity) =>
  identity === "signed out"
    ? knownId
    : fc.oneof(
        {
          weight: 3,
          arbitrary: fc
            .nat()
            .map((index) => ownIds[identity][index % ownIds[identity].length] ?? ""),
        },
        { weight: 1, arbitrary: knownId },
      );

/** A good request to the route (own ids in the path, the schema's shape) with odd text in it. */
const shapedRequestFor = (operation: Operation, identity: Identity) =>
  fc.record({
    segments: fc.tuple(...operation.pathParams.map(() => ownId(identity).map(encodeSegment))),
    query: fc
      .array(
        fc.tuple(
          fc.constantFrom(...new Set([...operation.queryParams, "q"])),
          fc.oneof(controlText, knownId).map(encodeSegment),
        ),
        { minLength: 1, maxLength: 3 },
      )
      .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join("&")),
    body: operation.bodySchema
      ? shapedFromSchema(operation.bodySchema).map((value) => ({ kind: "json", value }) as Body)
      : operation.method === "GET" || operation.method === "DELETE"
        ? fc.constant({ kind: "none" } as Body)
        : fc
            .array(fc.record({ name: fc.constantFrom(...FIELD_NAMES), value: controlText }), {
              minLength: 1,
              maxLength: 4,
            })
            .map((parts) => ({ kind: "multipart", parts }) as Body),
    headers: fc.constant({}),
    oddCookie: fc.constant(undefined),
  });

/** Anything: odd paths, queries, headers, cookies and bodies of every kind. */
const requestFor = (operation: Operation, identity: Identity) =>
  fc.record({
    segments: fc.tuple(
      ...operation.pathParams.map(() =>
        fc.oneof(
          { weight: 1, arbitrary: ownId(identity).map(encodeSegment) },
          { weight: 2, arbitrary: pathSegment },
        ),
      ),
    ),
    query: fc.option(queryString(operation.queryParams), { nil: undefined }),
    body: bodyFor(operation),
    headers: extraHeaders,
    oddCookie: fc.option(oddCookie, { freq: 5, nil: undefined }),
  });

type GeneratedRequest = {
  segments: string[];
  query: string | undefined;
  body: Body;
  headers: Record<string, string>;
  oddCookie: string | undefined;
};

function toInject(operation: Operation, identity: Identity, generated: GeneratedRequest) {
  let url = operation.path;
  operation.pathParams.forEach((name, index) => {
    url = url.replace(`{${name}}`, generated.segments[index] ?? "");
  });
  if (generated.query !== undefined) url += `?${generated.query}`;
  const user = identity === "signed out" ? null : users[identity];
  const headers: Record<string, string> = {
    origin: t.context.config.publicUrl,
    ...generated.headers,
  };
  // signed in: the session, on the platform's own origin (else writes are refused as CSRF)
  if (user) {
    headers.cookie = user.cookie;
    headers.origin = t.context.config.publicUrl;
  } else if (generated.oddCookie) headers.cookie = generated.oddCookie;
  const options: InjectOptions = {
    method: operation.method as InjectOptions["method"],
    url,
    headers,
  };
  const body = generated.body;
  if (body.kind === "json") {
    options.payload = JSON.stringify(body.value) ?? "null";
    headers["content-type"] = "application/json";
  } else if (body.kind === "raw") {
    options.payload = body.bytes;
    headers["content-type"] = body.contentType;
  } else if (body.kind === "multipart") {
    const form = multipart(body.parts);
    options.payload = form.payload;
    Object.assign(headers, form.headers);
  }
  return options;
}

// ---- the property ----------------------------------------------------------------------------

const identities: Identity[] = ["signed out", "member", "admin"];

describe("no request a client can send gets a 5xx or changes data when refused", () => {
  beforeAll(async () => {
    png = await pngImage(8, 8);
  });

  it("covers every route of the OpenAPI document", () => {
    expect(operations.length).toBeGreaterThan(150);
  });

  for (const identity of identities) {
    it(`every route, ${identity}`, async () => {
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (const operation of operations) {
        await refreshUsers();
        const before = await snapshot();
        let accepted = false;
        const lastServerError: string | null = null;
        const refused: string[] = [];
        try {
          await fc.assert(
            fc.asyncProperty(
              fc.oneof(requestFor(operation, identity), shapedRequestFor(operation, identity)),
              async (generated) => {
                const options = toInject(operation, identity, generated as GeneratedRequest);
                const response = await t.app.inject(options);
                statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
                if (response.statusCode < 400) accepted = true;
                else refused.push(`${options.method} ${String(options.url).slice(0, 120)}`);
                if (response.statusCode >= 500) {
                  throw new Error(
                    `${response.statusCode} for ${options.method} ${String(options.url).slice(0, 300)} ${
                      typeof options.payload === "string"
                        ? options.payload.slice(0, 300)
                        : `(${options.headers?.["content-type"] ?? "no body"})`
                    }: ${response.body.slice(0, 200)}`,
                  );
                }
              },
            ),
            { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
          );
        } catch (error) {
          failures.push(
            `${operation.method} ${operation.path}: ${lastServerError ?? (error as Error).message.slice(0, 400)}`,
          );
          continue;
        }
        // refused requests leave the data as it was
        if (!accepted) {
          const after = await snapshot();
          const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
          if (changed.length) {
            failures.push(
              `${operation.method} ${operation.path}: refused, yet ${changed.join(", ")} changed (${refused[0]})`,
            );
          }
        }
      }
      if (process.env.FUZZ_STATS) console.info(identity, Object.fromEntries(statuses));
      expect(failures).toEqual([]);
    }, 300_000);
  }
});
