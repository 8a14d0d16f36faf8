import { useMatches } from "react-router";
import { ComingLater } from "./ComingLater";

export interface ComingLaterHandle {
  pageKey: string;
  featureKey: string;
  /** Pages the spec gives titles and share metadata (meta.{key}.title / description). */
  metaKey?: string;
}

/** Route component for pages whose feature lands later: the keys come from the route's handle. */
export function Component() {
  const handle = useMatches().at(-1)?.handle as ComingLaterHandle | undefined;
  return (
    <ComingLater
      pageKey={handle?.pageKey ?? "brand.name"}
      featureKey={handle?.featureKey ?? "features.content"}
      metaKey={handle?.metaKey}
    />
  );
}
