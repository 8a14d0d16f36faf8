import type { SceneDocument } from "../document";
import { checkSceneIntegrity } from "../integrity";
import { applyPatch, type PatchOp } from "./patch";

/** One edit as the user sees it ("Move picture"), compiled to patch ops on the document. */
export interface SceneCommand {
  label: string;
  ops: PatchOp[];
}

/** An edit that would break the document (a locked item moved, an opening past its wall...). */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CommandError";
  }
}

/**
 * Applies a command and returns the document and the inverse ops, or throws CommandError
 * when the result would break the document's integrity: the editor can never produce a
 * document the server refuses.
 */
export function runCommand(document: SceneDocument, command: SceneCommand) {
  const result = applyPatch(document, command.ops);
  const issue = checkSceneIntegrity(result.document)[0];
  if (issue) throw new CommandError(`${command.label}: ${issue.message} (${issue.path.join(".")})`);
  return result;
}
