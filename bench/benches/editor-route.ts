// The editor route in a browser: the gzipped JavaScript it loads (the route's chunks, the 3D
// engine and the editor layer, once the 3D view is open) against its 900 KB budget, and the
// draw calls of 200 identical props in a room against 20. Baselines in the same run: the home
// page's JavaScript (the shell every route pays) and the same room without the props.
import { gzipSync } from "node:zlib";
import { CATALOGUE_PROP_IDS, createEmptySceneDocument, type SceneDocument } from "@atrium/domain";
import type { Page } from "playwright-core";
import { enableDebugHooks, launchChromium } from "../lib/browser";
import { report, round } from "../lib/report";
import { startAtrium, tempDataDir } from "../lib/server";

const JS_BUDGET_KB = 900;
const DRAW_CALL_BUDGET = 20;
const PROPS = 200;

function roomWithProps(count: number): SceneDocument {
  const document = createEmptySceneDocument();
  const level = document.customSpace?.levels[0];
  if (!level) throw new Error("the empty document has a level");
  const corners: [number, number][] = [
    [-10, -10],
    [10, -10],
    [10, 10],
    [-10, 10],
  ];
  level.walls = corners.map((start, i) => ({
    id: `wall-${i}`,
    start,
    end: corners[(i + 1) % 4] as [number, number],
    height: 4,
    thickness: 0.2,
    openings: [],
    left: { materialId: null, color: "#ffffff" },
    right: { materialId: null, color: "#ffffff" },
  }));
  document.props = Array.from({ length: count }, (_, i) => ({
    id: `prop-${i}`,
    title: "",
    description: "",
    propId: CATALOGUE_PROP_IDS[0],
    position: [(i % 20) - 9.5, 0, Math.floor(i / 20) - 4.5] as [number, number, number],
    rotation: [0, 0, 0] as [number, number, number],
    scale: [0.3, 0.3, 0.3] as [number, number, number],
    levelId: level.id,
    locked: false,
  }));
  return document;
}

async function gzipKbOfScripts(page: Page, open: () => Promise<void>) {
  const scripts = new Map<string, Promise<Buffer>>();
  const listener = (response: import("playwright-core").Response) => {
    if (response.request().resourceType() === "script")
      scripts.set(response.url(), response.body());
  };
  page.on("response", listener);
  await open();
  page.off("response", listener);
  let bytes = 0;
  for (const body of scripts.values()) bytes += gzipSync(await body, { level: 9 }).length;
  return { kb: bytes / 1024, files: [...scripts.keys()].map((url) => new URL(url).pathname) };
}

async function drawCallsOf(page: Page, base: string, document: SceneDocument) {
  const origin = { origin: base };
  const created = await page.request.post(`${base}/api/sceneService/scene/metadata`, {
    headers: origin,
    data: { title: "Bench" },
  });
  if (!created.ok())
    throw new Error(`creating the bench scene failed: ${created.status()} ${await created.text()}`);
  const { sceneId } = (await created.json()) as { sceneId: string };
  const saved = await page.request.put(`${base}/api/sceneService/scene/content/${sceneId}`, {
    headers: origin,
    data: { revision: 0, document },
  });
  if (!saved.ok())
    throw new Error(`saving the bench scene failed: ${saved.status()} ${await saved.text()}`);
  // the engine's debug hook exists only when asked for before the page loads (docs/editor.md)
  await enableDebugHooks(page);
  await page.goto(`${base}/curate/${sceneId}`);
  await page.locator("label", { hasText: /^3D view$/ }).click();
  await page.waitForSelector('[data-testid="viewport"][data-status="ready"]', { timeout: 60_000 });
  // let every prop load, then read the last frame's figures
  await page.waitForTimeout(3000);
  return page.evaluate(() => {
    const engine = (
      window as { __atriumEditorEngine?: { stats(): { drawCalls: number }; requestRender(): void } }
    ).__atriumEditorEngine;
    return engine?.stats().drawCalls ?? -1;
  });
}

const server = await startAtrium(tempDataDir());
// the platform's public URL names localhost: writes must come from that origin
const base = server.url.replace("127.0.0.1", "localhost");
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const home = await gzipKbOfScripts(page, async () => {
    await page.goto(`${base}/`, { waitUntil: "networkidle" });
  });
  const signUp = await page.request.post(`${base}/api/auth/signup`, {
    data: {
      email: `bench-${Date.now()}@example.test`,
      password: "a long enough password",
      name: "Bench",
    },
  });
  if (signUp.status() !== 201) throw new Error(`sign-up failed: ${signUp.status()}`);
  const editor = await gzipKbOfScripts(page, async () => {
    await page.goto(`${base}/curate`, { waitUntil: "networkidle" });
    await page.locator("label", { hasText: /^3D view$/ }).click();
    await page.waitForSelector('[data-testid="viewport"][data-status="ready"]', {
      timeout: 60_000,
    });
    await page.waitForLoadState("networkidle");
  });
  const emptyRoomCalls = await drawCallsOf(page, base, roomWithProps(0));
  const propsCalls = await drawCallsOf(page, base, roomWithProps(PROPS));
  const threeOnHome = home.files.filter((file) => /three|engine|editor/i.test(file));
  report(
    "editor-route",
    {
      editorRouteGzipKb: round(editor.kb),
      budgetKb: JS_BUDGET_KB,
      homeGzipKb: round(home.kb),
      ratioToHome: round(editor.kb / Math.max(home.kb, 1), 1),
      editorOnlyOnEditorRoute: threeOnHome.length === 0,
      props: PROPS,
      drawCalls: propsCalls,
      emptyRoomDrawCalls: emptyRoomCalls,
      propDrawCalls: propsCalls - emptyRoomCalls,
      drawCallBudget: DRAW_CALL_BUDGET,
    },
    editor.kb <= JS_BUDGET_KB &&
      threeOnHome.length === 0 &&
      propsCalls >= 0 &&
      propsCalls <= DRAW_CALL_BUDGET,
  );
} finally {
  await browser.close();
  await server.stop();
}
