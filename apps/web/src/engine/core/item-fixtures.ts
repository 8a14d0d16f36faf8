import { type ItemContext, SharedParts } from "./items";
import type { ResourceCache } from "./resources";

// What the item builders' unit tests share: a context with the parts a builder uses, and a
// placed item at a position.

/** An item builder's context: `library` answers the asset, the rest as the engine gives it. */
export function itemContext(
  library: () => Promise<unknown>,
  cache: ResourceCache,
  options: {
    textureSize?: () => number;
    keepRendering?: (holder: string, active: boolean) => void;
  } = {},
): ItemContext {
  return {
    assets: { library },
    resolveUrl: (url: string) => url,
    cache,
    placeholders: {},
    shared: new SharedParts(),
    textureSize: options.textureSize ?? (() => 1024),
    requestRender: () => {},
    keepRendering: options.keepRendering ?? (() => {}),
    volume: () => 1,
  } as unknown as ItemContext;
}

/** A placed item with no title, unturned and at scale 1. */
export function placedItem(id: string, position: [number, number, number]) {
  return {
    id,
    assetId: "asset-1",
    title: "",
    description: "",
    position,
    rotation: [0, 0, 0] as [number, number, number],
    scale: [1, 1, 1] as [number, number, number],
  };
}
