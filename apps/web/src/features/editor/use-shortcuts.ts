import { useEffect } from "react";
import { deleteSelection, duplicateSelection, toggleLockSelection } from "./item-actions";
import { shortcutFor } from "./shortcuts";
import type { EditorStore } from "./store/editor-store";

/** Binds the editor's shortcuts while the editor is open; typing in a field is left alone. */
export function useShortcuts(store: EditorStore, save: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = Boolean(target?.closest("input, textarea, select, [contenteditable=true]"));
      const action = shortcutFor(event);
      if (!action) return;
      if (typing && action !== "save") return;
      // the floor plan handles Delete for its selected wall
      if (action === "delete" && store.getSession().selection.length === 0) return;
      event.preventDefault();
      switch (action) {
        case "undo":
          return store.undo();
        case "redo":
          return store.redo();
        case "save":
          return save();
        case "delete":
          return deleteSelection(store);
        case "duplicate":
          return duplicateSelection(store);
        case "lock":
          return toggleLockSelection(store);
        case "deselect":
          return store.select([]);
        case "translate":
        case "rotate":
        case "scale":
          return store.setGizmo(action);
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [save, store]);
}
