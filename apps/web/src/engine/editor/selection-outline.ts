import { Box3, Box3Helper, Color } from "three";
import type { EditorEngine } from "./engine-types";
import type { ItemKey } from "./transform-gizmo";

/** Boxes around the selected items, in the editor layer (never part of the document). */
export class SelectionOutline {
  private helpers: Box3Helper[] = [];

  constructor(private readonly engine: EditorEngine) {}

  show(selection: ItemKey[]) {
    this.clear();
    for (const key of selection) {
      const object = this.engine.objectOf(key.collection, key.id);
      if (!object) continue;
      const box = new Box3().setFromObject(object);
      if (box.isEmpty()) continue;
      const helper = new Box3Helper(box, new Color("#3dabff"));
      helper.name = "editor-selection";
      this.engine.layers.editor.add(helper);
      this.helpers.push(helper);
    }
    this.engine.requestRender();
  }

  clear() {
    for (const helper of this.helpers) {
      this.engine.layers.editor.remove(helper);
      helper.geometry.dispose();
      (helper.material as { dispose(): void }).dispose();
    }
    this.helpers = [];
  }

  dispose() {
    this.clear();
  }
}
