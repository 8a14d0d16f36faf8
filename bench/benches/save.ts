// Saving a space: PUT /api/sceneService/scene/content/{id} with a 500-object document on the
// built server (validation against the scene schema, the revision check and the write, in one
// transaction). Server time from Server-Timing, p95 of 60 saves; the baseline, measured
// interleaved in the same run, is the same call with an empty document.
// Target: p95 at most 60 ms. Embedded PGlite by default; BENCH_DATABASE_URL runs it on PostgreSQL.

import { createEmptySceneDocument, SCENE_ITEM_LISTS } from "@atrium/domain";
import { scratchDatabase } from "../lib/postgres";
import { median, percentile, report, round } from "../lib/report";
import { startAtrium, tempDataDir, waitForBackgroundWork } from "../lib/server";

const P95_TARGET_MS = 60;
const RUNS = 60;
const OBJECTS = 500;

function bigDocument() {
  const document = createEmptySceneDocument();
  const level = document.customSpace?.levels[0];
  if (!level) throw new Error("no level");
  level.walls = Array.from({ length: 8 }, (_, index) => ({
    id: `wall-${index}`,
    start: [index * 2.5 - 10, -10] as [number, number],
    end: [index * 2.5 - 7.5, -10] as [number, number],
    height: 4,
    thickness: 0.2,
    openings: [],
    left: { materialId: "material-white-plaster", color: "#ffffff" },
    right: { materialId: null, color: "#ffffff" },
  }));
  const base = (list: string, index: number) => ({
    id: `${list}-${index}`,
    title: `Item ${index}`,
    description: "A placed object with a short description.",
    position: [(index % 20) - 10, 1.5, Math.floor(index / 20) - 10] as [number, number, number],
    rotation: [0, (index % 8) * 0.785, 0] as [number, number, number],
    scale: [1, 1, 1] as [number, number, number],
    levelId: level.id,
    locked: false,
  });
  const lists = ["pictures", "props", "texts3d", "models3d", "infoPoints"] as const;
  for (let index = 0; index < OBJECTS; index++) {
    const list = lists[index % lists.length] as (typeof lists)[number];
    const item = base(list, index);
    if (list === "pictures") document.pictures.push({ ...item, assetId: `picture-${index}` });
    if (list === "props") document.props.push({ ...item, propId: "prop-bench" });
    if (list === "models3d")
      document.models3d.push({ ...item, assetId: `model-${index}`, animation: null });
    if (list === "infoPoints")
      document.infoPoints.push({
        ...item,
        assetId: null,
        body: "More about this object.",
        category: null,
      });
    if (list === "texts3d")
      document.texts3d.push({
        ...item,
        assetId: null,
        text: {
          content: `Label ${index}`,
          fontId: "font-inter",
          fontSize: 60,
          fontStyles: [],
          fontTransform: "none",
          colorTint: "#222222",
          alignment: "center",
          outline: { color: "#000000", width: 0 },
          dropShadow: false,
          requiredFonts: [],
          hyperText: false,
          link: null,
        },
      });
  }
  return document;
}

const scratch = process.env.BENCH_DATABASE_URL ? await scratchDatabase("atrium_bench_save") : null;
const server = await startAtrium(tempDataDir(), {
  SEED_DEMO: "false",
  ...(scratch ? { DATABASE_URL: scratch.url } : {}),
});
try {
  // a steady-state save: not while a new database gets its catalogue and premade photos
  await waitForBackgroundWork(server.url);
  const origin = server.url;
  const signUp = await fetch(`${origin}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `save-${Date.now()}@bench.invalid`,
      password: "a long enough password",
      name: "Bench",
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
  const cookie = (signUp.headers.get("set-cookie") ?? "").split(";")[0] as string;
  // the platform's own origin (PUBLIC_URL defaults to http://localhost:{PORT})
  const headers = {
    "content-type": "application/json",
    cookie,
    origin: origin.replace("127.0.0.1", "localhost"),
  };
  await fetch(`${origin}/api/userService/user/my`, { headers });

  const create = async () => {
    const response = await fetch(`${origin}/api/sceneService/scene/metadata`, {
      method: "POST",
      headers,
      body: JSON.stringify({ title: "Bench space" }),
    });
    if (response.status !== 201)
      throw new Error(`create failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { sceneId: string }).sceneId;
  };
  // two drafts: what a Free account may hold
  const big = bigDocument();
  const empty = createEmptySceneDocument();
  const bigBody = JSON.stringify({ revision: 0, document: big });
  const objects = SCENE_ITEM_LISTS.reduce((sum, list) => sum + big[list].length, 0);

  const bigScene = await create();
  const emptyScene = await create();
  const revisions = new Map([
    [bigScene, 0],
    [emptyScene, 0],
  ]);
  const save = async (sceneId: string, document: unknown) => {
    const revision = revisions.get(sceneId) ?? 0;
    const response = await fetch(`${origin}/api/sceneService/scene/content/${sceneId}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ revision, document }),
    });
    const body = (await response.json()) as { revision: number };
    if (response.status !== 200)
      throw new Error(`save answered ${response.status}: ${JSON.stringify(body)}`);
    revisions.set(sceneId, body.revision);
    const app = /app;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "");
    return Number(app?.[1]);
  };
  for (let i = 0; i < 5; i++) {
    await save(bigScene, big);
    await save(emptyScene, empty);
  }
  const bigTimes: number[] = [];
  const emptyTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    bigTimes.push(await save(bigScene, big));
    emptyTimes.push(await save(emptyScene, empty));
  }
  const p95 = percentile(bigTimes, 95);
  report(
    "save",
    {
      database: scratch ? "postgres" : "pglite",
      objects,
      documentKB: round(bigBody.length / 1024),
      p50Ms: round(median(bigTimes)),
      p95Ms: round(p95),
      p95TargetMs: P95_TARGET_MS,
      emptyDocumentP95Ms: round(percentile(emptyTimes, 95)),
      ratio: round(p95 / percentile(emptyTimes, 95), 2),
      runs: RUNS,
    },
    p95 <= P95_TARGET_MS,
  );
} finally {
  await server.stop();
  await scratch?.drop();
}
