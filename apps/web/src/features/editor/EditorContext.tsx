import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import type { EditorSnapshot, EditorStore } from "./store/editor-store";
import { ViewBridge } from "./view-bridge";

const StoreContext = createContext<EditorStore | null>(null);
const ViewContext = createContext<ViewBridge>(new ViewBridge());

export function EditorStoreProvider({
  store,
  view,
  children,
}: {
  store: EditorStore;
  view: ViewBridge;
  children: ReactNode;
}) {
  return (
    <StoreContext.Provider value={store}>
      <ViewContext.Provider value={view}>{children}</ViewContext.Provider>
    </StoreContext.Provider>
  );
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

/** The 3D view's camera, for tours and the starting point. */
export function useViewBridge(): ViewBridge {
  return useContext(ViewContext);
}
