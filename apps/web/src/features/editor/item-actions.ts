import { duplicateItems, removeItems, setItemsLocked } from "@atrium/domain";
import { reportEditError } from "./editor-messages";
import { newId } from "./ids";
import type { EditorStore } from "./store/editor-store";

// Actions on the selection shared by the outline, the inspector and the keyboard shortcuts.

export function deleteSelection(store: EditorStore) {
  const selection = store.getSession().selection;
  if (selection.length === 0) return;
  reportEditError(store.run((d) => removeItems(d, selection)));
}

export function duplicateSelection(store: EditorStore) {
  const selection = store.getSession().selection;
  if (selection.length === 0) return;
  try {
    const { command, created } = duplicateItems(store.getDocument(), selection, () =>
      newId("copy"),
    );
    const error = store.execute(command);
    reportEditError(error);
    if (!error) store.select(created);
  } catch (error) {
    reportEditError((error as Error).message);
  }
}

export function toggleLockSelection(store: EditorStore) {
  const session = store.getSession();
  if (session.selection.length === 0) return;
  const document = store.getDocument();
  const allLocked = session.selection.every((ref) =>
    (document[ref.list] as readonly { id: string; locked: boolean }[]).some(
      (item) => item.id === ref.id && item.locked,
    ),
  );
  reportEditError(store.run((d) => setItemsLocked(d, session.selection, !allLocked)));
}
