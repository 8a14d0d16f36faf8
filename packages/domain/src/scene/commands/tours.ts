import type { SceneDocument } from "../document";
import { SCENE_DOCUMENT_LIMITS } from "../limits";
import { CommandError, type SceneCommand } from "./command";

// The document lists its guided tours by id; the tours and their points live in the
// storytelling service. Linking and unlinking a tour are document edits like any other.

export function addGuidedTour(document: SceneDocument, guidedTourId: string): SceneCommand {
  if (document.guidedTours.includes(guidedTourId)) {
    throw new CommandError(`Tour "${guidedTourId}" is already in this space`);
  }
  if (document.guidedTours.length >= SCENE_DOCUMENT_LIMITS.maxGuidedTours) {
    throw new CommandError(`A space has at most ${SCENE_DOCUMENT_LIMITS.maxGuidedTours} tours`);
  }
  return {
    label: "Add tour",
    ops: [
      {
        op: "insert",
        path: ["guidedTours"],
        index: document.guidedTours.length,
        value: guidedTourId,
      },
    ],
  };
}

export function removeGuidedTour(document: SceneDocument, guidedTourId: string): SceneCommand {
  const index = document.guidedTours.indexOf(guidedTourId);
  if (index < 0) throw new CommandError(`No tour "${guidedTourId}" in this space`);
  return { label: "Remove tour", ops: [{ op: "remove", path: ["guidedTours"], index }] };
}
