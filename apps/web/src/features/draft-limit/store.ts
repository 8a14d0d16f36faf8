// Whether the 'Draft limit reached' dialog is open. A tiny store outside React so the shell
// can render the dialog (loaded on first use) wherever the check failed: the header's Create
// button, the account's drafts, or a direct visit to the editor route.

type Listener = () => void;
const listeners = new Set<Listener>();
let state: { open: boolean; limit: number | null } = { open: false, limit: null };

export function getDraftLimitDialog() {
  return state;
}

export function subscribeDraftLimitDialog(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function set(next: typeof state) {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the dialog; `limit` is the plan's draft count when known. */
export function openDraftLimitDialog(limit: number | null = null) {
  set({ open: true, limit });
}

export function closeDraftLimitDialog() {
  set({ ...state, open: false });
}
