import type { SceneDocument } from "../document";
import type { SceneCommand } from "./command";
import { applyPatch, type PatchOp } from "./patch";

/**
 * Several edits as one undo step ("Draw room" = four walls). Each builder sees the document as
 * the previous ones left it, so indices stay right; the result is checked as a whole when run.
 */
export function composeCommands(
  document: SceneDocument,
  label: string,
  builders: readonly ((document: SceneDocument) => SceneCommand)[],
): SceneCommand {
  let current = document;
  const ops: PatchOp[] = [];
  for (const build of builders) {
    const command = build(current);
    ops.push(...command.ops);
    current = applyPatch(current, command.ops).document;
  }
  return { label, ops };
}
