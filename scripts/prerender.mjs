// Prerenders the marketing and resources pages to HTML at build time, so they read without
// JavaScript and paint before the app's script runs; the app then hydrates them.
//
// How: start the built server on a throwaway embedded database (which seeds Atrium's own
// content), read the API answers each page needs, render the page with the web app's
// prerender build (apps/web/dist-ssr/render.js), and write the HTML beside the web build in
// dist/prerendered/ with a manifest. The manifest records, per page, a hash of every API answer
// the page was rendered with; the server serves a prerendered page only while those answers
// are unchanged (an admin edit makes it fall back to the app shell until the next build).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { log, root } from "./lib.mjs";

export const PRERENDER_DIR = "prerendered";

export async function prerender() {
  const webDist = path.join(root, "apps/web/dist");
  const outDir = path.join(webDist, PRERENDER_DIR);
  rmSync(outDir, { recursive: true, force: true });
  const template = readFileSync(path.join(webDist, "index.html"), "utf8");
  const stylesheets = stylesheetIndex(webDist);
  const fonts = fontPreloads(webDist);
  const boot = writeBootScript(webDist);
  const { render, prerenderPlan } = await import(
    pathToFileURL(path.join(root, "apps/web/dist-ssr/render.js")).href
  );

  const dataDir = mkdtempSync(path.join(tmpdir(), "atrium-prerender-"));
  const server = await startServer(dataDir);
  try {
    const runtimeConfig = readRuntimeConfig(await (await fetch(`${server.url}/`)).text());
    const answers = new Map();
    const fetchText = async (apiPath) => {
      if (!answers.has(apiPath)) {
        const response = await fetch(`${server.url}${apiPath}`);
        if (!response.ok) throw new Error(`${apiPath} answered ${response.status}`);
        answers.set(apiPath, await response.text());
      }
      return answers.get(apiPath);
    };
    const fetchJson = async (apiPath) => JSON.parse(await fetchText(apiPath));

    const pages = await prerenderPlan(fetchJson);
    const manifest = {
      version: 1,
      renderedWith: renderedWith(runtimeConfig),
      pages: {},
    };
    for (const page of pages) {
      const data = {};
      const hashes = {};
      for (const apiPath of page.data) {
        data[apiPath] = await fetchJson(apiPath);
        hashes[apiPath] = sha256(await fetchText(apiPath));
      }
      const rendered = await render(page.path, data, runtimeConfig);
      if (rendered.status !== 200) throw new Error(`${page.path} rendered ${rendered.status}`);
      const file = page.path === "/" ? "index.html" : `${page.path.slice(1)}/index.html`;
      mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
      writeFileSync(
        path.join(outDir, file),
        assemble(template, rendered, stylesheets, fonts, boot),
      );
      manifest.pages[page.path] = { file, data: hashes };
    }
    writeFileSync(path.join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    log(`prerendered ${pages.length} pages`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * What the server must still be writing into pages for the prerendered HTML to match what the
 * app renders: the footer's social links, and the year in its copyright line.
 */
export function renderedWith(runtimeConfig) {
  return { socialLinks: runtimeConfig.socialLinks ?? [], year: new Date().getFullYear() };
}

/**
 * Which built stylesheet defines each CSS-module class. A page's own styles are split off
 * with its lazily loaded code; a prerendered page links them in its head, so its first paint
 * is already laid out (no shift when the code arrives).
 */
export function stylesheetIndex(webDist) {
  const index = new Map();
  const assets = path.join(webDist, "assets");
  for (const name of readdirSync(assets).filter((file) => file.endsWith(".css"))) {
    const css = readFileSync(path.join(assets, name), "utf8");
    for (const [, className] of css.matchAll(/\.(_[\w-]+)/g))
      index.set(className, `/assets/${name}`);
  }
  return index;
}

function stylesheetLinks(html, template, stylesheets) {
  const hrefs = new Set();
  for (const [, classes] of html.matchAll(/class="([^"]*)"/g)) {
    for (const className of classes.split(/\s+/)) {
      const href = stylesheets.get(className);
      if (href && !template.includes(href)) hrefs.add(href);
    }
  }
  return [...hrefs]
    .map((href) => `\n    <link rel="stylesheet" crossorigin href="${href}">`)
    .join("");
}

/**
 * The Latin Urbanist faces the pages use (400 to 800): fetched with the stylesheets rather
 * than discovered after them, so text is drawn once in its own font instead of moving when
 * the font swaps in.
 */
export function fontPreloads(webDist) {
  return readdirSync(path.join(webDist, "assets"))
    .filter((file) => /^urbanist-latin-(400|600|700|800)-normal-[\w-]+\.woff2$/.test(file))
    .map(
      (file) =>
        `\n    <link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${file}">`,
    )
    .join("");
}

/**
 * The app's start on a prerendered page: the page is already drawn from its HTML, so the
 * app's code (fetched from the start through modulepreload) runs only after the browser has
 * painted it once. Run before the paint, its evaluation and hydration (hundreds of
 * milliseconds on a slow phone) held back the first paint, and with it the hero image (the
 * home page's largest contentful paint). A module script of our own origin, as the content
 * security policy allows no inline script; a hidden tab that never paints starts it anyway.
 */
export const BOOT_SCRIPT = `const entry = document.querySelector("link[data-atrium-entry]").href;
// a tap on a button (a menu, a toggle) before the app runs would be lost: the last one is kept
// for the app to press again once it has hydrated (main.tsx); links and forms need no app
let early = null;
const keep = (event) => {
  const button = event.target instanceof Element && event.target.closest('button[type="button"]');
  if (button) early = button;
};
document.addEventListener("click", keep, true);
window.__atriumEarlyClick = () => {
  document.removeEventListener("click", keep, true);
  return early;
};
let started = false;
const start = () => {
  if (started) return;
  started = true;
  import(entry);
};
requestAnimationFrame(() => {
  // the frame that draws the prerendered page; the app starts in the task after it
  performance.mark("atrium:first-frame");
  setTimeout(start, 0);
});
setTimeout(start, 1000);
`;

/** Writes the boot script beside the build's hashed files; answers its URL. */
export function writeBootScript(webDist) {
  const hash = createHash("sha256").update(BOOT_SCRIPT).digest("base64url").slice(0, 8);
  const name = `prerender-boot-${hash.replace(/[^A-Za-z0-9]/g, "x")}.js`;
  const file = path.join(webDist, "assets", name);
  writeFileSync(file, BOOT_SCRIPT);
  writeFileSync(`${file}.gz`, gzipSync(BOOT_SCRIPT, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(BOOT_SCRIPT));
  return `/assets/${name}`;
}

/**
 * The entry script tag of the template becomes a modulepreload (fetched and compiled at once)
 * and the boot script that imports it after the first paint.
 */
export function deferEntry(template, boot) {
  if (!boot) return template;
  return template.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_, entry) =>
      `<link rel="modulepreload" crossorigin href="${entry}" data-atrium-entry>\n    <script type="module" crossorigin src="${boot}"></script>`,
  );
}

/**
 * Preloads of the images the page shows first (React emits a preload for each eager image,
 * the hero's with fetchpriority=high) go to the top of the head, ahead of the scripts' and
 * fonts' preloads, so the hero image is asked for first.
 */
export function hoistImagePreloads(head) {
  const images = [];
  const rest = head.replace(/\n\s*<link rel="preload" as="image"[^>]*\/?>/g, (link) => {
    images.push(link);
    return "";
  });
  return { images: images.join(""), rest };
}

/** The page's head tags (React emits them first) go to <head>, its markup into #root. */
export function assemble(template, rendered, stylesheets = new Map(), fonts = "", boot = "") {
  const { head: hoisted, body } = splitHoisted(rendered.html);
  const { images, rest } = hoistImagePreloads(hoisted);
  const head = fonts + stylesheetLinks(body, template, stylesheets) + rest;
  const state = JSON.stringify(rendered.state)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
  // the page's own title replaces the shell's (which client-rendered pages show until theirs)
  const shell = /<title>[^<]*<\/title>/.test(rest)
    ? template.replace(/\s*<title>[^<]*<\/title>/, "")
    : template;
  return deferEntry(shell, boot)
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace(/(<meta name="viewport"[^>]*>)/, (viewport) => `${viewport}${images}`)
    .replace("</head>", `${head}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${body}</div>\n    <script id="atrium-query-state" type="application/json">${state}</script>`,
    )
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, "");
}

const HOISTED = /^(?:<title>[^<]*<\/title>|<meta\s[^>]*\/?>|<link\s[^>]*\/?>)/;

export function splitHoisted(html) {
  let rest = html;
  let head = "";
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head += `\n    ${match[0]}`;
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

function readRuntimeConfig(html) {
  const match = /<meta name="atrium-config" content="([^"]*)"/.exec(html);
  if (!match) throw new Error("the server's page has no atrium-config meta tag");
  const json = match[1].replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&amp;", "&");
  return JSON.parse(json);
}

const sha256 = (text) => createHash("sha256").update(text).digest("base64url");

async function startServer(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: "",
      DATABASE_URL: "",
      REDIS_URL: "",
      SMTP_URL: "",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() - started > 120_000) throw new Error("the server did not start in 120 s");
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await prerender();
