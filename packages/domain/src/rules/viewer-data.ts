// The space a viewer URL opens and the calls the viewer makes first for it. Three parties must
// agree on these byte for byte: the server preloads the calls in the viewer's HTML, the viewer's
// early start fetches them, and the viewer page fetches them when there was no early start; a
// preload is only reused by a request for the very same URL.

export interface ViewerTarget {
  sceneId: string;
  /** The owner's draft (`draft=true`) rather than the published space. */
  draft: boolean;
}

const VIEWER_PATH = /^\/viewer\/(?:embed\/)?([A-Za-z0-9_-]{1,100})\/?$/;

/**
 * The space `/viewer/{id}` or `/viewer/embed/{id}` opens (path with or without its query);
 * null for other paths and for ids outside `[A-Za-z0-9_-]{1,100}` (so the id needs no escaping
 * anywhere it is written).
 */
export function viewerTarget(url: string): ViewerTarget | null {
  const [withQuery = ""] = url.split("#", 1);
  const queryAt = withQuery.indexOf("?");
  const pathname = queryAt === -1 ? withQuery : withQuery.slice(0, queryAt);
  const query = queryAt === -1 ? "" : withQuery.slice(queryAt + 1);
  const sceneId = VIEWER_PATH.exec(pathname)?.[1];
  if (!sceneId || sceneId === "embed") return null;
  const draft = query.split("&").includes("draft=true");
  return { sceneId, draft };
}

/** The viewer's first calls for a space: its metadata, its content and the assets it places. */
export function viewerDataUrls(target: ViewerTarget): [string, string, string] {
  const id = encodeURIComponent(target.sceneId);
  const base = target.draft ? "/api/sceneService/scene" : "/api/sceneService/publishedscene";
  return [
    `${base}/metadata/${id}`,
    `${base}/content/${id}`,
    `/api/sceneService/sceneassets/${id}${target.draft ? "?draft=true" : ""}`,
  ];
}
