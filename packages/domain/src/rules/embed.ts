import { EMBED_IFRAME } from "../constants";

// Embedding a space in another site (spec 1 §2, spec 2 §2.2). Plain string handling instead of
// the URL class: this package runs without DOM or Node typings.

export type EmbedOptions = { showSignIn: boolean; showCommunications: boolean };

export const viewerPath = (sceneId: string) => `/viewer/${encodeURIComponent(sceneId)}`;
export const embedPath = (sceneId: string) => `/viewer/embed/${encodeURIComponent(sceneId)}`;

/** Any path with an `embed` segment is embedded mode. */
export function isEmbedPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  return pathname.split("/").includes("embed");
}

function splitUrl(url: string): { base: string; query: string; hash: string } {
  const hashAt = url.indexOf("#");
  const hash = hashAt === -1 ? "" : url.slice(hashAt);
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  return queryAt === -1
    ? { base: beforeHash, query: "", hash }
    : { base: beforeHash.slice(0, queryAt), query: beforeHash.slice(queryAt + 1), hash };
}

/**
 * The embed URL of a viewer URL: `/viewer/{id}` becomes `/viewer/embed/{id}` and showSignIn and
 * showCommunications are set to 1 or 0 (replacing any earlier values; other parameters stay).
 */
export function embedUrl(viewerUrl: string, options: EmbedOptions): string {
  const { base, query, hash } = splitUrl(viewerUrl);
  const embedBase = base.replace(/\/viewer\/(?!embed\/)/, "/viewer/embed/");
  const kept = query
    .split("&")
    .filter((pair) => pair !== "" && !/^(showSignIn|showCommunications)(=|$)/.test(pair));
  const flags = [
    `showSignIn=${options.showSignIn ? 1 : 0}`,
    `showCommunications=${options.showCommunications ? 1 : 0}`,
  ];
  return `${embedBase}?${[...kept, ...flags].join("&")}${hash}`;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The iframe snippet the share modal copies: 700 wide by 500 high. */
export function embedCode(url: string, title = "Atrium 3D space"): string {
  return (
    `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(title)}" ` +
    `width="${EMBED_IFRAME.width}" height="${EMBED_IFRAME.height}" frameborder="0" ` +
    `allow="autoplay; fullscreen; microphone; xr-spatial-tracking" allowfullscreen></iframe>`
  );
}

/** Whether a query flag is on. Outside embed mode both flags default to shown. */
export function embedFlag(
  query: Readonly<Record<string, string | undefined>>,
  flag: keyof EmbedOptions,
  embedded: boolean,
): boolean {
  if (!embedded) return true;
  return query[flag] === "1";
}
