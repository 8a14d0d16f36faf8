import { type ViewerTarget, viewerDataUrls } from "@atrium/domain";

// The viewer's critical chain is long: index.html, the main bundle, the viewer route's chunk,
// then the engine chunk and the space's three API calls. For /viewer/{id} and
// /viewer/embed/{id} the server writes into the page's <head> the viewer's early start
// (apps/web/src/pages/viewer/boot.ts, an entry of its own in Vite's build manifest) with its
// modules, and preloads of the space's calls (the same URLs the page fetches, `cors` mode,
// same-origin credentials, so its fetches reuse them). The early start draws the room while the
// app itself loads; the viewer page takes it over. Not the route's own chunks: some 45 small
// files, which, asked for at once, delayed the main bundle itself (measured, docs/viewer.md).

/** One entry of Vite's `.vite/manifest.json`. */
export interface ManifestEntry {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
export type BuildManifest = Record<string, ManifestEntry>;

/** The viewer's early start (key of the manifest). */
export const VIEWER_BOOT = "src/pages/viewer/boot.ts";

/**
 * The files of the chunks `keys` name, of the chunks they import dynamically and of all their
 * static imports, in load order. Chunks the app's entry shares with them are listed too: the
 * early start is written before the app's own preloads and must not wait behind them.
 */
export function chunkFiles(manifest: BuildManifest, keys: readonly string[]): string[] {
  const wanted = new Set<string>();
  const mark = (key: string) => {
    if (wanted.has(key) || !manifest[key]) return;
    wanted.add(key);
    for (const imported of manifest[key]?.imports ?? []) mark(imported);
  };
  for (const key of keys)
    for (const root of [key, ...(manifest[key]?.dynamicImports ?? [])]) mark(root);
  return [...wanted].map((key) => (manifest[key] as ManifestEntry).file);
}

/**
 * The early start's entry (`files[0]`) first, then its modules from the largest down: the
 * browser asks for them in the order of the page, and the largest take longest to arrive.
 */
export function largestFirst(files: readonly string[], sizeOf: (file: string) => number) {
  const [entry, ...modules] = files;
  if (!entry) return [];
  const sizes = new Map(modules.map((file) => [file, sizeOf(file)]));
  return [entry, ...modules.sort((a, b) => (sizes.get(b) ?? 0) - (sizes.get(a) ?? 0))];
}

/**
 * The tags for a viewer page: the early start's modules (`files` after the first), its script
 * (`files[0]`, run as soon as it is there; it asks for the data itself), then the space's calls.
 * The modules come first because the first request goes out on the connection that brought
 * the page, before the browser has opened any other.
 */
export function viewerPreloadTags(target: ViewerTarget, files: readonly string[]): string {
  const data = viewerDataUrls(target).map(
    (href) => `<link rel="preload" as="fetch" crossorigin href="${href}" />`,
  );
  const [entry, ...imports] = files;
  const modules = imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
  const script = entry ? [`<script type="module" async crossorigin src="/${entry}"></script>`] : [];
  return [...modules, ...script, ...data].join("");
}

/** The app's own entry script (index.html's chunk in the manifest). */
export function appEntryFile(manifest: BuildManifest): string | null {
  return manifest["index.html"]?.file ?? null;
}

/**
 * Holds the app back until the early start lets it run
 * (apps/web/src/pages/viewer/boot.ts imports the link marked `data-atrium-app`): its entry
 * script becomes a module preload. It and the app's other modules still download and compile at
 * once, but nothing of the app runs before the room's task has begun. (Prefetches instead of
 * module preloads were tried: Chromium did not reuse them for the modules, so the app's code
 * was asked for again after the room, and the viewer's controls came a second or more later.)
 * A page without the exact entry tag is returned unchanged.
 */
export function deferAppEntry(html: string, file: string | null): string {
  if (!file) return html;
  const tag = `<script type="module" crossorigin src="/${file}"></script>`;
  if (!html.includes(tag)) return html;
  return html.replace(
    tag,
    `<link rel="modulepreload" crossorigin href="/${file}" data-atrium-app />`,
  );
}

/**
 * Writes `tags` into the page's <head> before its first script or module preload, so the
 * browser asks for them first: over HTTP/1.1 it opens six connections to the server, and the app's
 * own two dozen modules would otherwise take them while the room waits.
 */
export function injectIntoHead(html: string, tags: string): string {
  if (!tags) return html;
  const end = html.indexOf("</head>");
  if (end === -1) return html;
  const head = html.slice(0, end);
  const first = ["<script", '<link rel="modulepreload"']
    .map((tag) => head.indexOf(tag))
    .filter((at) => at !== -1)
    .sort((a, b) => a - b)[0];
  const at = first ?? end;
  return `${html.slice(0, at)}${tags}${html.slice(at)}`;
}
