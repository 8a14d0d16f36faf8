import type { ByteRange } from "../../infra/storage/index.js";

/**
 * One byte range from an HTTP Range header for a file of `size` bytes: the range, "none" when
 * the header is absent or not one we serve partially (several ranges: the whole file is
 * fine), or "unsatisfiable" (416).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | "none" | "unsatisfiable" {
  if (!header) return "none";
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return "none";
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return "none";
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
