import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import type { EditorSnapshot, EditorStore } from "./store/editor-store";

const StoreContext = createContext<EditorStore | null>(null);

export function EditorStoreProvider({
  store,
  children,
}: {
  store: EditorStore;
  children: ReactNode;
}) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useEditorStore(): EditorStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error("useEditorStore outside the editor");
  return store;
}

/** The document and session, re-rendering when either changes. */
export function useEditorSnapshot(): EditorSnapshot {
  const store = useEditorStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
