// The editor's keyboard shortcuts, as a pure mapping from a key press to an action name so the
// bindings are testable and listed in one place (the help shows this table).

export type ShortcutAction =
  | "undo"
  | "redo"
  | "save"
  | "delete"
  | "duplicate"
  | "lock"
  | "deselect"
  | "translate"
  | "rotate"
  | "scale";

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export const SHORTCUTS: readonly { keys: string; action: ShortcutAction }[] = [
  { keys: "Ctrl+Z", action: "undo" },
  { keys: "Ctrl+Shift+Z / Ctrl+Y", action: "redo" },
  { keys: "Ctrl+S", action: "save" },
  { keys: "Delete", action: "delete" },
  { keys: "Ctrl+D", action: "duplicate" },
  { keys: "L", action: "lock" },
  { keys: "Escape", action: "deselect" },
  { keys: "W", action: "translate" },
  { keys: "E", action: "rotate" },
  { keys: "R", action: "scale" },
];

export function shortcutFor(press: KeyPress): ShortcutAction | null {
  const mod = press.ctrlKey || press.metaKey;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (mod && !press.altKey) {
    if (key === "z") return press.shiftKey ? "redo" : "undo";
    if (key === "y") return "redo";
    if (key === "s") return "save";
    if (key === "d") return "duplicate";
    return null;
  }
  if (press.altKey) return null;
  switch (key) {
    case "Delete":
    case "Backspace":
      return "delete";
    case "Escape":
      return "deselect";
    case "l":
      return "lock";
    case "w":
      return "translate";
    case "e":
      return "rotate";
    case "r":
      return "scale";
    default:
      return null;
  }
}
