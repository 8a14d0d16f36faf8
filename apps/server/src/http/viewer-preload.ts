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
  isEntry?: boolean;
}
export type BuildManifest = Record<string, ManifestEntry>;

/** The viewer's early start (key of the manifest). */
export const VIEWER_BOOT = "src/pages/viewer/boot.ts";

/**
 * The files of the chunks `keys` name and of their static imports, in load order, without the
 * ones the app's other entries (index.html) already load.
 */
export function chunkFiles(manifest: BuildManifest, keys: readonly string[]): string[] {
  const loadedByEntry = new Set<string>();
  const mark = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) mark(imported, into);
  };
  for (const [key, entry] of Object.entries(manifest))
    if (entry.isEntry && !keys.includes(key)) mark(key, loadedByEntry);
  const wanted = new Set<string>();
  for (const key of keys) if (manifest[key]) mark(key, wanted);
  return [...wanted]
    .filter((key) => !loadedByEntry.has(key))
    .map((key) => (manifest[key] as ManifestEntry).file);
}

const SCENE_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The space a viewer URL opens and whether it is the owner's draft; null for other pages. */
export function viewerTarget(url: string): { sceneId: string; draft: boolean } | null {
  const [pathname = "", query = ""] = url.split("#", 1)[0]?.split("?", 2) ?? [];
  const match = /^\/viewer\/(?:embed\/)?([^/]+)\/?$/.exec(pathname);
  const sceneId = match?.[1];
  if (!sceneId || !SCENE_ID.test(sceneId) || sceneId === "embed") return null;
  return { sceneId, draft: new URLSearchParams(query).get("draft") === "true" };
}

/** The API calls the viewer page makes first for a space (as `api/viewer.ts` builds them). */
export function viewerDataUrls(target: { sceneId: string; draft: boolean }): string[] {
  const base = target.draft ? "/api/sceneService/scene" : "/api/sceneService/publishedscene";
  return [
    `${base}/metadata/${target.sceneId}`,
    `${base}/content/${target.sceneId}`,
    `/api/sceneService/sceneassets/${target.sceneId}${target.draft ? "?draft=true" : ""}`,
  ];
}

/**
 * The tags for a viewer page: its data first, then the early start's script (`files[0]`, run as
 * soon as it is there) and its modules.
 */
export function viewerPreloadTags(
  target: { sceneId: string; draft: boolean },
  files: readonly string[],
): string {
  const data = viewerDataUrls(target).map(
    (href) => `<link rel="preload" as="fetch" crossorigin href="${href}" />`,
  );
  const [entry, ...imports] = files;
  const modules = imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
  const script = entry ? [`<script type="module" async crossorigin src="/${entry}"></script>`] : [];
  return [...data, ...script, ...modules].join("");
}

/** Writes `tags` at the end of the page's <head>. */
export function injectIntoHead(html: string, tags: string): string {
  if (!tags) return html;
  const at = html.indexOf("</head>");
  return at === -1 ? html : `${html.slice(0, at)}${tags}${html.slice(at)}`;
}
