import { describe, expect, it } from "vitest";
import { shortcutFor } from "./shortcuts";

const press = (
  key: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe("shortcutFor", () => {
  it("maps undo, redo (both spellings) and save with Ctrl or Cmd", () => {
    expect(shortcutFor(press("z", { ctrlKey: true }))).toBe("undo");
    expect(shortcutFor(press("Z", { metaKey: true, shiftKey: true }))).toBe("redo");
    expect(shortcutFor(press("y", { ctrlKey: true }))).toBe("redo");
    expect(shortcutFor(press("s", { ctrlKey: true }))).toBe("save");
  });
  it("maps plain keys to the selection and gizmo actions", () => {
    expect(shortcutFor(press("Delete"))).toBe("delete");
    expect(shortcutFor(press("d", { ctrlKey: true }))).toBe("duplicate");
    expect(shortcutFor(press("w"))).toBe("translate");
    expect(shortcutFor(press("Escape"))).toBe("deselect");
    expect(shortcutFor(press("q"))).toBeNull();
    expect(shortcutFor(press("z"))).toBeNull();
  });
});
