/**
 * Whether a request's If-None-Match names `etag`: one tag or a list, weak (`W/`) or strong, or
 * `*` (the weak comparison RFC 9110 asks of If-None-Match). Browsers send back what they were
 * given; proxies and some clients send lists or weak tags.
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = strip(etag);
  return ifNoneMatch
    .split(",")
    .map(strip)
    .some((tag) => tag === wanted || tag === "*");
}
