// The smallest edits a document goes through. Every command compiles to these ops, and
// every op knows its inverse, so undo is derived rather than hand-written per command.
// Updates share structure: only the containers on the changed path are copied.

export type PathSegment = string | number;
export type Path = readonly PathSegment[];

export type PatchOp =
  /** Replaces the value at `path`; `undefined` removes the key. */
  | { op: "set"; path: Path; value: unknown }
  /** Inserts `value` into the array at `path` before `index`. */
  | { op: "insert"; path: Path; index: number; value: unknown }
  /** Removes the element at `index` from the array at `path`. */
  | { op: "remove"; path: Path; index: number };

export class PatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PatchError";
  }
}

type Container = Record<string, unknown> | unknown[];

export function getIn(root: unknown, path: Path): unknown {
  let current: unknown = root;
  for (const segment of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PathSegment, unknown>)[segment];
  }
  return current;
}

/** Applies ops in order; returns the new document and the ops that undo them, in order. */
export function applyPatch<T>(
  document: T,
  ops: readonly PatchOp[],
): { document: T; inverse: PatchOp[] } {
  let current: unknown = document;
  const inverse: PatchOp[] = [];
  for (const op of ops) {
    const result = applyOp(current, op);
    current = result.document;
    inverse.unshift(result.inverse);
  }
  return { document: current as T, inverse };
}

function applyOp(root: unknown, op: PatchOp): { document: unknown; inverse: PatchOp } {
  switch (op.op) {
    case "set": {
      if (op.path.length === 0) throw new PatchError("set needs a path");
      const previous = getIn(root, op.path);
      return {
        document: updateIn(root, op.path.slice(0, -1), (parent) =>
          withKey(parent, op.path[op.path.length - 1] as PathSegment, op.value),
        ),
        inverse: { op: "set", path: op.path, value: previous },
      };
    }
    case "insert": {
      const target = getIn(root, op.path);
      if (!Array.isArray(target)) throw new PatchError(`not a list at ${op.path.join(".")}`);
      if (op.index < 0 || op.index > target.length)
        throw new PatchError(`index ${op.index} out of range`);
      return {
        document: updateIn(root, op.path, (list) => {
          const copy = [...(list as unknown[])];
          copy.splice(op.index, 0, op.value);
          return copy;
        }),
        inverse: { op: "remove", path: op.path, index: op.index },
      };
    }
    case "remove": {
      const target = getIn(root, op.path);
      if (!Array.isArray(target)) throw new PatchError(`not a list at ${op.path.join(".")}`);
      if (op.index < 0 || op.index >= target.length)
        throw new PatchError(`index ${op.index} out of range`);
      return {
        document: updateIn(root, op.path, (list) =>
          (list as unknown[]).filter((_, i) => i !== op.index),
        ),
        inverse: { op: "insert", path: op.path, index: op.index, value: target[op.index] },
      };
    }
  }
}

function updateIn(root: unknown, path: Path, update: (value: unknown) => unknown): unknown {
  if (path.length === 0) return update(root);
  if (root === null || typeof root !== "object")
    throw new PatchError(`no container at ${String(path[0])}`);
  const [head, ...rest] = path as [PathSegment, ...PathSegment[]];
  const child = (root as Record<PathSegment, unknown>)[head];
  if (child === undefined) throw new PatchError(`nothing at ${String(head)}`);
  return withKey(root as Container, head, updateIn(child, rest, update));
}

function withKey(container: unknown, key: PathSegment, value: unknown): unknown {
  if (Array.isArray(container)) {
    if (typeof key !== "number" || key < 0 || key >= container.length) {
      throw new PatchError(`index ${String(key)} out of range`);
    }
    const copy = [...container];
    copy[key] = value;
    return copy;
  }
  if (container === null || typeof container !== "object")
    throw new PatchError(`no object for ${String(key)}`);
  const copy: Record<string, unknown> = { ...(container as Record<string, unknown>) };
  if (value === undefined) delete copy[String(key)];
  else copy[String(key)] = value;
  return copy;
}

/**
 * Shortens a list of `set` ops by keeping the last op per path: applying the result is the
 * same as applying the list. Lists with inserts or removes are returned unchanged, since
 * indices shift between their ops.
 */
export function compactSets(ops: readonly PatchOp[]): PatchOp[] {
  if (ops.some((op) => op.op !== "set")) return [...ops];
  const last = new Map<string, PatchOp>();
  for (const op of ops) {
    const key = JSON.stringify(op.path);
    last.delete(key);
    last.set(key, op);
  }
  // the survivors stay in the order of their last occurrence (delete-then-set moves a key to
  // the end of the Map), so an op on a path still follows any surviving op on its ancestors
  return [...last.values()];
}
