import type { SceneDocument } from "../document";
import { runCommand, type SceneCommand } from "./command";
import { compactSets, type PatchOp } from "./patch";

/**
 * How a change enters the undo history (after Excalidraw's CaptureUpdateAction):
 * - immediately: a user's edit, one undo step (merged with the previous step when both carry
 *   the same `mergeKey`, as the frames of one drag do);
 * - eventually: applied now, folded into the next captured step;
 * - never: remote or load-time changes, never undone by the user.
 */
export type CaptureMode = "immediately" | "eventually" | "never";

export interface ExecuteOptions {
  capture?: CaptureMode;
  /** Consecutive captured commands with the same key become one undo step (a drag). */
  mergeKey?: string;
}

interface HistoryEntry {
  label: string;
  /** Names the document this entry leads to (see `SceneHistory` on unsaved changes). */
  key: number;
  forward: PatchOp[];
  inverse: PatchOp[];
  mergeKey: string | undefined;
}

export interface SceneHistorySnapshot {
  document: SceneDocument;
  canUndo: boolean;
  canRedo: boolean;
  undoLabel: string | null;
  redoLabel: string | null;
  /**
   * True when the document differs from the last `markSaved()` one: undoing back to the saved
   * document (or redoing forward to it) makes it false again.
   */
  dirty: boolean;
}

const DEFAULT_LIMIT = 500;

/**
 * The editor's document store: applies commands, keeps undo and redo, and tells subscribers
 * (the renderer, the panels) when the document changes. Framework-free: React reads it with
 * useSyncExternalStore(history.subscribe, history.getSnapshot).
 */
export class SceneHistory {
  private document: SceneDocument;
  private past: HistoryEntry[] = [];
  private future: HistoryEntry[] = [];
  private pending: { forward: PatchOp[]; inverse: PatchOp[] } | null = null;
  private openMergeKey: string | undefined;
  // Unsaved changes follow the history position rather than a deep compare: every document
  // the history can travel to has a key (the key of the top `past` entry, `baseKey` when there
  // is none, `pendingKey` while "eventually" changes are not captured yet). A change that makes
  // a new document gets a new key (a merged drag frame re-keys its entry); the saved document's
  // key is kept, so undo and redo back to it compare equal in O(1).
  private nextKey = 1;
  private baseKey = 0;
  private pendingKey: number | null = null;
  /** The saved document's key; null when no reachable document is the saved one. */
  private savedKey: number | null = 0;
  /** Keys of documents that were current, so a save that finished late marks the one it sent. */
  private keys = new WeakMap<SceneDocument, number>();
  private snapshot: SceneHistorySnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(
    document: SceneDocument,
    private readonly limit = DEFAULT_LIMIT,
  ) {
    this.document = document;
    this.keys.set(document, this.baseKey);
    this.snapshot = this.makeSnapshot();
  }

  getDocument = () => this.document;
  getSnapshot = () => this.snapshot;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Applies a command; throws CommandError (and changes nothing) when it would break the document. */
  execute(command: SceneCommand, options: ExecuteOptions = {}) {
    if (command.ops.length === 0) return;
    const capture = options.capture ?? "immediately";
    const { document, inverse } = runCommand(this.document, command);
    this.document = document;

    if (capture === "never") {
      this.openMergeKey = undefined;
      // every document undo and redo reach now carries this change: none is the saved one, and
      // a save sent before it finishes as unsaved too
      this.savedKey = null;
      this.keys = new WeakMap();
    } else if (capture === "eventually") {
      this.pending = {
        forward: [...(this.pending?.forward ?? []), ...command.ops],
        inverse: [...inverse, ...(this.pending?.inverse ?? [])],
      };
      this.pendingKey = this.newKey();
    } else {
      this.capture({
        label: command.label,
        key: this.newKey(),
        forward: command.ops,
        inverse,
        mergeKey: options.mergeKey,
      });
    }
    this.keys.set(this.document, this.currentKey());
    this.emit();
  }

  /** Ends a merge run (pointer up after a drag): the next edit starts a new undo step. */
  endMerge() {
    this.openMergeKey = undefined;
  }

  undo() {
    const top = this.past[this.past.length - 1];
    if (!top) return;
    const entry = this.withPending(top);
    // computed before anything changes: if it throws, the history is as it was
    this.document = runCommand(this.document, { label: entry.label, ops: entry.inverse }).document;
    this.pending = null;
    this.pendingKey = null;
    this.past.pop();
    this.future.push(entry);
    this.afterTravel();
  }

  redo() {
    const entry = this.future[this.future.length - 1];
    if (!entry) return;
    this.document = runCommand(this.document, { label: entry.label, ops: entry.forward }).document;
    this.future.pop();
    this.past.push(entry);
    this.afterTravel();
  }

  /** A freshly loaded or saved-elsewhere document: history starts over, nothing is dirty. */
  reset(document: SceneDocument) {
    this.document = document;
    this.past = [];
    this.future = [];
    this.pending = null;
    this.pendingKey = null;
    this.openMergeKey = undefined;
    this.baseKey = this.newKey();
    this.savedKey = this.baseKey;
    this.keys = new WeakMap([[document, this.baseKey]]);
    this.emit();
  }

  /** Records that the current document is what the server has. */
  markSaved(savedDocument: SceneDocument = this.document) {
    // a save that finished after further edits marks the document it sent: undoing those
    // edits comes back to saved
    this.savedKey =
      savedDocument === this.document ? this.currentKey() : (this.keys.get(savedDocument) ?? null);
    this.emit();
  }

  /** The key of the current document (see the fields above). */
  private currentKey(): number {
    return this.pendingKey ?? this.past[this.past.length - 1]?.key ?? this.baseKey;
  }

  private newKey() {
    return this.nextKey++;
  }

  private capture(entry: HistoryEntry) {
    if (this.pending) {
      entry = {
        ...entry,
        forward: [...this.pending.forward, ...entry.forward],
        inverse: [...entry.inverse, ...this.pending.inverse],
      };
      this.pending = null;
      this.pendingKey = null;
    }
    const top = this.past[this.past.length - 1];
    if (
      top &&
      entry.mergeKey !== undefined &&
      entry.mergeKey === this.openMergeKey &&
      top.mergeKey === entry.mergeKey
    ) {
      top.forward = compactSets([...top.forward, ...entry.forward]);
      top.inverse = compactSets([...entry.inverse, ...top.inverse]);
      // the merged step leads somewhere new: a save made mid-drag is not this document
      top.key = entry.key;
    } else {
      this.past.push(entry);
      // the oldest step falls off: the document after it is the new bottom of the history
      if (this.past.length > this.limit) this.baseKey = this.past.shift()?.key ?? this.baseKey;
    }
    this.openMergeKey = entry.mergeKey;
    this.future = [];
  }

  /** The entry with the uncaptured ("eventually") changes made after it folded in. */
  private withPending(entry: HistoryEntry): HistoryEntry {
    if (!this.pending) return entry;
    return {
      ...entry,
      // redo comes back to the document with the pending changes in it
      key: this.pendingKey ?? this.newKey(),
      forward: [...entry.forward, ...this.pending.forward],
      inverse: [...this.pending.inverse, ...entry.inverse],
    };
  }

  private afterTravel() {
    this.openMergeKey = undefined;
    this.keys.set(this.document, this.currentKey());
    this.emit();
  }

  private emit() {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  private makeSnapshot(): SceneHistorySnapshot {
    const top = this.past[this.past.length - 1];
    const next = this.future[this.future.length - 1];
    return {
      document: this.document,
      canUndo: Boolean(top),
      canRedo: Boolean(next),
      undoLabel: top?.label ?? null,
      redoLabel: next?.label ?? null,
      dirty: this.savedKey === null || this.currentKey() !== this.savedKey,
    };
  }
}
