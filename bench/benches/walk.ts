// Walking through the reference space (the seeded Colour Fields gallery: pictures on every wall,
// props, a 3D text, a portal) in Chromium with software WebGL, along a fixed path of key holds
// and a turn, against bare three.js rendering the same scene (exported from the viewer with
// GLTFExporter) along the same path (the viewer's camera poses, one per frame), in the same run.
// Figures: the viewer's median and p95 frame time while walking, the bare page's, and the
// median of each run's ratio of the medians (goal at most 1.2); also draw calls and frames.
import { build } from "esbuild";
import type { Page } from "playwright-core";
import { enableDebugHooks, launchChromium } from "../lib/browser";
import { median, percentile, report, round } from "../lib/report";
import { root, startAtrium, tempDataDir, waitForBackgroundWork } from "../lib/server";

const RATIO_MAX = 1.2;
const SCENE = "demo-space-maya-chen-1";
const VIEWPORT = { width: 1280, height: 720 };
const RUNS = 3;

type Pose = { p: [number, number, number]; r: [number, number, number] };
declare const window: {
  __atriumViewer?: {
    phase: string;
    loadedAt: number | null;
    statuses(): Record<string, string | undefined>;
    stats(): { drawCalls: number; triangles: number };
    three(): {
      renderer: {
        getPixelRatio(): number;
        getContext(): WebGLRenderingContext;
        outputColorSpace: string;
        toneMapping: number;
        toneMappingExposure: number;
      };
      scene: { background: { isColor?: boolean; getHexString?(): string } | null };
      camera: {
        fov: number;
        near: number;
        far: number;
        position: { x: number; y: number; z: number };
        rotation: { x: number; y: number; z: number };
      };
    } | null;
  };
  __walk?: { recording: boolean; frames: Array<{ t: number } & Pose> };
  __exportScene?: (scene: unknown) => Promise<string>;
  __bareWalk?: { ready?: boolean; done?: boolean; deltas?: number[]; error?: string };
  __startWalk?: () => void;
};

const bundle = async (entry: string) =>
  (
    await build({
      entryPoints: [`${root}/bench/lib/${entry}`],
      bundle: true,
      minify: true,
      format: "iife",
      write: false,
      target: "es2022",
    })
  ).outputFiles[0]?.text ?? "";

/** The fixed path: walk in, through the partition's door, turn, step aside and back. */
async function walkThePath(page: Page) {
  const hold = async (key: string, ms: number) => {
    await page.keyboard.down(key);
    await page.waitForTimeout(ms);
    await page.keyboard.up(key);
  };
  await hold("KeyW", 3000);
  // a turn to the right while walking on
  await page.keyboard.down("KeyW");
  const x = VIEWPORT.width / 2;
  const y = VIEWPORT.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 24; step++) {
    await page.mouse.move(x + step * 12, y);
    await page.waitForTimeout(50);
  }
  await page.mouse.up();
  await page.keyboard.up("KeyW");
  await hold("KeyD", 1500);
  await hold("KeyS", 2000);
}

const server = await startAtrium(tempDataDir());
const browser = await launchChromium();
try {
  await waitForBackgroundWork(server.url);
  const [exportJs, bareJs] = await Promise.all([bundle("walk-export.ts"), bundle("bare-walk.ts")]);
  const bareHtml = `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;height:100%;overflow:hidden}canvas{display:block}</style></head><body><canvas></canvas><script src="/__bench/bare-walk.js"></script></body></html>`;

  const atrium: number[][] = [];
  const bare: number[][] = [];
  let drawCalls = 0;
  let triangles = 0;
  let frames = 0;
  for (let run = 0; run < RUNS; run++) {
    // the viewer: load, wait until everything is shown, then walk while recording each frame
    // the exporter is injected once the walk is over: the page's script policy is set aside
    const context = await browser.newContext({ viewport: VIEWPORT, bypassCSP: true });
    const page = await context.newPage();
    await enableDebugHooks(page);
    // the controls hint of a first visit stays closed (it would cover the view)
    await page.addInitScript(() => {
      try {
        localStorage.setItem("atrium.viewer.controlsHintSeen", "1");
      } catch {
        // about:blank has no storage
      }
    });
    await page.goto(`${server.url}/viewer/${SCENE}`);
    await page.waitForFunction(
      () => window.__atriumViewer?.phase === "loaded" && window.__atriumViewer.loadedAt != null,
      null,
      { timeout: 180_000 },
    );
    await page.waitForTimeout(1000);
    const hint = page.getByRole("button", { name: "Got it" });
    if (await hint.isVisible().catch(() => false)) await hint.click();
    // each frame's time and camera pose while walking
    // (a string: tsx would wrap a function's inner functions in a helper the page lacks)
    await page.evaluate(`(() => {
      const walk = { recording: true, frames: [] };
      window.__walk = walk;
      const camera = window.__atriumViewer.three().camera;
      const frame = (t) => {
        if (!walk.recording) return;
        walk.frames.push({ t, p: [camera.position.x, camera.position.y, camera.position.z],
          r: [camera.rotation.x, camera.rotation.y, camera.rotation.z] });
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })()`);
    await walkThePath(page);
    const recorded = await page.evaluate(() => {
      const walk = window.__walk as { recording: boolean; frames: Array<{ t: number } & Pose> };
      walk.recording = false;
      return walk.frames;
    });
    if (recorded.length < 10) {
      const probe = await page.evaluate(() => ({
        hook: Boolean(window.__atriumViewer),
        three: Boolean(window.__atriumViewer?.three?.()),
        walk: Boolean(window.__walk),
      }));
      throw new Error(`only ${recorded.length} frames recorded: ${JSON.stringify(probe)}`);
    }
    const stats = await page.evaluate(() => window.__atriumViewer?.stats());
    drawCalls = Math.max(drawCalls, stats?.drawCalls ?? 0);
    triangles = stats?.triangles ?? 0;
    const deltas = recorded.slice(1).map((frame, i) => frame.t - (recorded[i] as { t: number }).t);
    atrium.push(deltas);
    frames = recorded.length;

    // the same scene, exported as drawn, and the renderer's settings
    await page.addScriptTag({ content: exportJs });
    const glbBase64 = await page.evaluate(() =>
      (window.__exportScene as (scene: unknown) => Promise<string>)(
        window.__atriumViewer?.three()?.scene,
      ),
    );
    const settings = await page.evaluate(() => {
      const three = window.__atriumViewer?.three();
      if (!three) throw new Error("no engine");
      const { renderer, scene, camera } = three;
      const background = scene.background?.isColor ? `#${scene.background.getHexString?.()}` : null;
      return {
        pixelRatio: renderer.getPixelRatio(),
        antialias: renderer.getContext().getContextAttributes()?.antialias ?? true,
        outputColorSpace: renderer.outputColorSpace,
        toneMapping: renderer.toneMapping,
        toneMappingExposure: renderer.toneMappingExposure,
        background,
        fov: camera.fov,
        near: camera.near,
        far: camera.far,
      };
    });
    // what a glb cannot carry: the textures' anisotropic filtering and the hemisphere light
    // (GLTFExporter writes neither), given to the bare page so that it draws the same frame
    const unexported = (await page.evaluate(`(() => {
      const scene = window.__atriumViewer.three().scene;
      let anisotropy = 1;
      const hemispheres = [];
      scene.traverse((object) => {
        if (!object.visible) return;
        if (object.isHemisphereLight)
          hemispheres.push({ sky: object.color.getHex(), ground: object.groundColor.getHex(),
            intensity: object.intensity });
        for (const material of [].concat(object.material || []))
          for (const key of Object.keys(material))
            if (material[key] && material[key].isTexture)
              anisotropy = Math.max(anisotropy, material[key].anisotropy);
      });
      return { anisotropy, hemispheres };
    })()`)) as {
      anisotropy: number;
      hemispheres: Array<{ sky: number; ground: number; intensity: number }>;
    };
    await context.close();

    // bare three.js along the recorded path
    const bareContext = await browser.newContext({ viewport: VIEWPORT });
    const barePage = await bareContext.newPage();
    const glb = Buffer.from(glbBase64, "base64");
    const setup = JSON.stringify({
      ...settings,
      ...unexported,
      ...VIEWPORT,
      path: recorded.map(({ p, r }) => ({ p, r })),
    });
    await barePage.route("**/__bench/bare-walk.html", (route) =>
      route.fulfill({ contentType: "text/html", body: bareHtml }),
    );
    await barePage.route("**/__bench/bare-walk.js", (route) =>
      route.fulfill({ contentType: "text/javascript", body: bareJs }),
    );
    await barePage.route("**/__bench/walk-setup.json", (route) =>
      route.fulfill({ contentType: "application/json", body: setup }),
    );
    await barePage.route("**/__bench/walk-scene.glb", (route) =>
      route.fulfill({ contentType: "model/gltf-binary", body: glb }),
    );
    await barePage.goto(`${server.url}/__bench/bare-walk.html`);
    await barePage.waitForFunction(
      () => window.__bareWalk?.ready || window.__bareWalk?.error,
      null,
      { timeout: 180_000 },
    );
    await barePage.waitForTimeout(1000);
    await barePage.evaluate(() => window.__startWalk?.());
    await barePage.waitForFunction(
      () => window.__bareWalk?.done || window.__bareWalk?.error,
      null,
      { timeout: 300_000 },
    );
    const result = await barePage.evaluate(() => window.__bareWalk);
    if (result?.error) throw new Error(`bare page: ${result.error}`);
    bare.push(result?.deltas ?? []);
    await bareContext.close();
    process.stderr.write(
      `walk bench: run ${run + 1}: viewer median ${round(median(deltas))} ms over ${deltas.length} frames, bare ${round(median(result?.deltas ?? []))} ms (glb ${round(glb.length / 1024)} KB)\n`,
    );
  }

  const all = (runs: number[][]) => runs.flat();
  const atriumMedian = median(all(atrium));
  const bareMedian = median(all(bare));
  // the median of each run's ratio: a shared machine's load moves both pages of a run alike
  const ratio = median(atrium.map((deltas, run) => median(deltas) / median(bare[run] ?? [])));
  report(
    "walk",
    {
      scene: SCENE,
      frames,
      medianMs: round(atriumMedian),
      p95Ms: round(percentile(all(atrium), 95)),
      bareMedianMs: round(bareMedian),
      bareP95Ms: round(percentile(all(bare), 95)),
      ratio: round(ratio, 2),
      pooledRatio: round(atriumMedian / bareMedian, 2),
      p95Ratio: round(percentile(all(atrium), 95) / percentile(all(bare), 95), 2),
      ratioMax: RATIO_MAX,
      drawCalls,
      triangles,
      runs: RUNS,
    },
    ratio <= RATIO_MAX,
  );
} finally {
  await browser.close();
  await server.stop();
}
