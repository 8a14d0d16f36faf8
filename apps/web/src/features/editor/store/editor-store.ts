import {
  CommandError,
  type ExecuteOptions,
  type ItemRef,
  migrateSceneDocument,
  type SceneCommand,
  type SceneDocument,
  SceneHistory,
  type SceneItemList,
} from "@atrium/domain";
import type { SceneState } from "@atrium/domain/entities/scene-metadata";
import { isUntitledTitle } from "@atrium/domain/rules/untitled-space";

// The editor's state in two parts (STYLE.md 5): the document lives in SceneHistory (undoable,
// saved to the server); the session (which scene, which revision, what is selected, which
// level and step are shown) lives here beside it and is never saved as document.

export const EDITOR_STEPS = [
  "defineSpace",
  "shapeStyle",
  "addContent",
  "createStoriesOrPaths",
  "publishAndShare",
] as const;
export type EditorStep = (typeof EDITOR_STEPS)[number];

export interface EditorSession {
  /** null until the first save creates the scene. */
  sceneId: string | null;
  /** The content revision the server last confirmed; a save sends it back (optimistic concurrency). */
  revision: number;
  title: string;
  state: SceneState;
  selection: readonly ItemRef[];
  activeLevelId: string | null;
  step: EditorStep;
  /** Why the document cannot be edited (it failed the schema), or null. */
  readOnlyReason: string | null;
  /** The title differs from the last saved one (typing it back to the saved title clears it). */
  titleDirty: boolean;
  /** What the 3D gizmo does to the selection. */
  gizmo: GizmoMode;
  /** Grid and angle snapping while dragging the gizmo. */
  snapping: boolean;
}

export type GizmoMode = "translate" | "rotate" | "scale";

export interface EditorSnapshot {
  session: EditorSession;
  document: SceneDocument;
  canUndo: boolean;
  canRedo: boolean;
  undoLabel: string | null;
  redoLabel: string | null;
  /** Unsaved changes: the document or the title differ from what the server has. */
  dirty: boolean;
}

/** The result of reading a stored document: migrated and valid, or the reason it is not. */
export type LoadedDocument =
  | { ok: true; document: SceneDocument }
  | { ok: false; document: SceneDocument; reason: string };

/**
 * Brings a stored document up to the current version and validates it. A document that fails
 * the schema is not edited: the editor shows it read-only with the reason (issue 6, bad input).
 */
export function readStoredDocument(raw: unknown, fallback: SceneDocument): LoadedDocument {
  const result = migrateSceneDocument(raw);
  if (result.ok) return { ok: true, document: result.document };
  // nothing half-valid reaches the renderer: the empty space is shown, with the reason
  return { ok: false, document: fallback, reason: result.reason };
}

export class EditorStore {
  readonly history: SceneHistory;
  private session: EditorSession;
  private snapshot: EditorSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribeHistory: () => void;
  private readonly flushers = new Set<() => void>();
  /** The title the server has (or the loaded one). */
  private savedTitle: string;

  constructor(document: SceneDocument, session: Partial<EditorSession> = {}) {
    this.history = new SceneHistory(document);
    this.session = {
      sceneId: null,
      revision: 0,
      title: "",
      state: "Draft",
      selection: [],
      activeLevelId: document.customSpace?.levels[0]?.id ?? null,
      step: "defineSpace",
      readOnlyReason: null,
      titleDirty: false,
      gizmo: "translate",
      snapping: true,
      ...session,
    };
    this.savedTitle = this.session.title;
    this.snapshot = this.makeSnapshot();
    this.unsubscribeHistory = this.history.subscribe(() => this.afterDocumentChange());
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  getSnapshot = () => this.snapshot;
  getDocument = () => this.history.getDocument();
  getSession = () => this.session;

  dispose() {
    this.unsubscribeHistory();
    this.listeners.clear();
  }

  /**
   * Applies a user's edit. Returns the CommandError message when the edit is refused (the
   * document would break, an item is locked, the scene is read-only), or null when applied.
   */
  execute(command: SceneCommand, options?: ExecuteOptions): string | null {
    if (this.session.readOnlyReason) return this.session.readOnlyReason;
    try {
      this.history.execute(command, options);
      return null;
    } catch (error) {
      if (error instanceof CommandError) return error.message;
      throw error;
    }
  }

  /** Builds and applies a command from the current document; a builder's CommandError is reported too. */
  run(build: (document: SceneDocument) => SceneCommand, options?: ExecuteOptions): string | null {
    if (this.session.readOnlyReason) return this.session.readOnlyReason;
    try {
      return this.execute(build(this.history.getDocument()), options);
    } catch (error) {
      if (error instanceof CommandError) return error.message;
      throw error;
    }
  }

  undo() {
    if (!this.session.readOnlyReason) this.history.undo();
  }
  redo() {
    if (!this.session.readOnlyReason) this.history.redo();
  }
  endMerge() {
    this.history.endMerge();
  }

  /**
   * Registers work to finish before a save reads the store (the header's debounced title): a
   * title typed just before Save or Ctrl+S is part of that save.
   */
  onFlush(flush: () => void) {
    this.flushers.add(flush);
    return () => void this.flushers.delete(flush);
  }

  flushPending() {
    for (const flush of this.flushers) flush();
  }

  setTitle(title: string) {
    if (title === this.session.title) return;
    this.update({ title, titleDirty: title !== this.savedTitle });
  }

  select(selection: readonly ItemRef[]) {
    this.update({ selection });
  }

  /** Adds or removes one item from the selection (shift-click, the outline's checkboxes). */
  toggleSelected(ref: ItemRef) {
    const has = this.session.selection.some((r) => sameRef(r, ref));
    this.update({
      selection: has
        ? this.session.selection.filter((r) => !sameRef(r, ref))
        : [...this.session.selection, ref],
    });
  }

  setStep(step: EditorStep) {
    this.update({ step });
  }

  setGizmo(gizmo: GizmoMode) {
    this.update({ gizmo });
  }

  setSnapping(snapping: boolean) {
    this.update({ snapping });
  }

  setActiveLevel(levelId: string | null) {
    this.update({ activeLevelId: levelId });
  }

  /**
   * After a save: the server has this document, title and revision. A scene saved without a
   * title shows the generated 'Untitled space ...' title; a title typed during the save stays
   * unsaved.
   */
  markSaved(saved: { sceneId: string; revision: number; document: SceneDocument; title: string }) {
    const typed = this.session.title;
    const title = isUntitledTitle(typed) ? saved.title : typed;
    this.savedTitle = saved.title;
    this.session = {
      ...this.session,
      sceneId: saved.sceneId,
      revision: saved.revision,
      title,
      titleDirty: title !== saved.title,
    };
    // emits through the history subscription
    this.history.markSaved(saved.document);
  }

  /** A document loaded from the server (or reloaded after a conflict): history starts over. */
  load(document: SceneDocument, session: Partial<EditorSession>) {
    this.session = {
      ...this.session,
      selection: [],
      titleDirty: false,
      ...session,
      activeLevelId: document.customSpace?.levels[0]?.id ?? null,
    };
    this.savedTitle = this.session.title;
    this.history.reset(document);
  }

  setPublished(state: SceneState) {
    this.update({ state });
  }

  private update(patch: Partial<EditorSession>) {
    this.session = { ...this.session, ...patch };
    this.emit();
  }

  private afterDocumentChange() {
    // selection and active level must point at things that still exist (after undo, delete...)
    const document = this.history.getDocument();
    const selection = this.session.selection.filter((ref) =>
      (document[ref.list] as readonly { id: string }[]).some((item) => item.id === ref.id),
    );
    // a premade space's levels are the template's (the 3D view names them): keep the choice
    const levels = document.customSpace?.levels;
    const activeLevelId =
      levels === undefined || levels.some((level) => level.id === this.session.activeLevelId)
        ? this.session.activeLevelId
        : (levels[0]?.id ?? null);
    if (
      selection.length !== this.session.selection.length ||
      activeLevelId !== this.session.activeLevelId
    ) {
      this.session = { ...this.session, selection, activeLevelId };
    }
    this.emit();
  }

  private emit() {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  private makeSnapshot(): EditorSnapshot {
    const history = this.history.getSnapshot();
    return {
      session: this.session,
      document: history.document,
      canUndo: history.canUndo,
      canRedo: history.canRedo,
      undoLabel: history.undoLabel,
      redoLabel: history.redoLabel,
      dirty: history.dirty || this.session.titleDirty,
    };
  }
}

export function sameRef(a: ItemRef, b: ItemRef) {
  return a.list === b.list && a.id === b.id;
}

/** Every placed item with its list, in the outline's order. */
export function listItems(document: SceneDocument, lists: readonly SceneItemList[]) {
  return lists.flatMap((list) =>
    (
      document[list] as readonly { id: string; title: string; locked: boolean; levelId: string }[]
    ).map((item) => ({ list, item })),
  );
}
