import { useRef } from "react";
import { useSearchParams } from "react-router";

/**
 * The page's query string as state: `update({ tab: "districts" })` sets or, with null or "",
 * removes keys and keeps the others. The router commits a change a little later; until then a
 * second update (a tab clicked, then a letter typed at once) builds on the first instead of on the
 * query string this render read, which would undo the first (explore lost its Districts tab).
 */
export function useSearchParamsUpdate() {
  const [params, setParams] = useSearchParams();
  const pending = useRef<{ base: URLSearchParams; next: URLSearchParams } | null>(null);
  const update = (changes: Record<string, string | null>) => {
    const current = pending.current?.base === params ? pending.current.next : params;
    const next = new URLSearchParams(current);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    pending.current = { base: params, next };
    setParams(next, { replace: true });
  };
  return [params, update] as const;
}
