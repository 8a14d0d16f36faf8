import { describe, expect, it } from "vitest";
import { createEmptySceneDocument } from "../empty";
import { CommandError } from "./command";
import { SceneHistory } from "./history";
import { addGuidedTour, removeGuidedTour } from "./tours";

describe("tour commands", () => {
  it("links a tour to the space and undoes it", () => {
    const history = new SceneHistory(createEmptySceneDocument());
    const before = history.getDocument();
    history.execute(addGuidedTour(before, "tour-1"));
    expect(history.getDocument().guidedTours).toEqual(["tour-1"]);
    history.undo();
    expect(history.getDocument()).toEqual(before);
  });

  it("unlinks a tour and undoes it, refusing unknown or repeated ids", () => {
    const history = new SceneHistory(createEmptySceneDocument());
    history.execute(addGuidedTour(history.getDocument(), "tour-1"));
    history.execute(addGuidedTour(history.getDocument(), "tour-2"));
    const linked = history.getDocument();
    history.execute(removeGuidedTour(linked, "tour-1"));
    expect(history.getDocument().guidedTours).toEqual(["tour-2"]);
    history.undo();
    expect(history.getDocument()).toEqual(linked);
    expect(() => addGuidedTour(linked, "tour-2")).toThrow(CommandError);
    expect(() => removeGuidedTour(linked, "tour-9")).toThrow(CommandError);
  });
});
