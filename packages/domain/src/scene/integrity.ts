import type { CustomSpace, SpaceTemplateRef } from "./custom-space";
import { wallLength } from "./custom-space";
import { SCENE_ITEM_LISTS, type SceneItemList } from "./items";
import { SCENE_DOCUMENT_LIMITS } from "./limits";

// Checks that span several fields, which a field-by-field schema cannot express: exactly one
// kind of space, unique ids, items standing on existing levels and walls, openings that fit
// their wall, and the total item budget. Each problem names the path a form or an error
// answer can point at.

export type IntegrityIssue = { path: (string | number)[]; message: string };

type ItemLike = { id: string; levelId: string; wallId?: string | undefined };
type DocumentLike = {
  customSpace: CustomSpace | null;
  spaceTemplate: SpaceTemplateRef | null;
  links: readonly { id: string }[];
} & Record<SceneItemList, readonly ItemLike[]>;

// Small enough that rounding in the editor's snapping never trips it.
const EPSILON = 1e-6;

/** Records an id as used; a second use is an issue at the duplicate's `id` field. */
function claimId(
  id: string,
  path: (string | number)[],
  seen: Set<string>,
  issues: IntegrityIssue[],
) {
  if (seen.has(id)) issues.push({ path: [...path, "id"], message: `Duplicate id "${id}"` });
  else seen.add(id);
}

function checkStructure(space: CustomSpace, seen: Set<string>, issues: IntegrityIssue[]) {
  const claim = (id: string, path: (string | number)[]) => claimId(id, path, seen, issues);
  space.levels.forEach((level, l) => {
    const levelPath = ["customSpace", "levels", l];
    claim(level.id, levelPath);
    level.walls.forEach((wall, w) => {
      const wallPath = [...levelPath, "walls", w];
      claim(wall.id, wallPath);
      const length = wallLength(wall);
      if (length < EPSILON) {
        issues.push({ path: [...wallPath, "end"], message: "A wall needs a length" });
      }
      wall.openings.forEach((opening, o) => {
        const openingPath = [...wallPath, "openings", o];
        claim(opening.id, openingPath);
        if (opening.offset + opening.width > length + EPSILON) {
          issues.push({
            path: [...openingPath, "width"],
            message: "The opening runs past the wall's end",
          });
        }
        if (opening.sill + opening.height > wall.height + EPSILON) {
          issues.push({
            path: [...openingPath, "height"],
            message: "The opening is taller than the wall",
          });
        }
      });
    });
  });
}

export function checkSceneIntegrity(document: DocumentLike): IntegrityIssue[] {
  const issues: IntegrityIssue[] = [];
  const hasCustom = document.customSpace !== null;
  if (hasCustom === (document.spaceTemplate !== null)) {
    issues.push({
      path: ["customSpace"],
      message: "A scene is either a custom space or a premade template, never both or neither",
    });
  }

  const seen = new Set<string>();
  if (document.customSpace !== null) checkStructure(document.customSpace, seen, issues);
  const levels = new Map(document.customSpace?.levels.map((level) => [level.id, level]) ?? []);

  let itemCount = 0;
  for (const list of SCENE_ITEM_LISTS) {
    document[list].forEach((item, index) => {
      const path = [list, index];
      itemCount += 1;
      if (itemCount === SCENE_DOCUMENT_LIMITS.maxItems + 1) {
        issues.push({
          path,
          message: `A scene holds at most ${SCENE_DOCUMENT_LIMITS.maxItems} items`,
        });
      }
      claimId(item.id, path, seen, issues);
      // A premade template's levels and walls live in the template, not in this document.
      if (!hasCustom) return;
      const level = levels.get(item.levelId);
      if (level === undefined) {
        issues.push({ path: [...path, "levelId"], message: `No level "${item.levelId}"` });
      } else if (
        item.wallId !== undefined &&
        !level.walls.some((wall) => wall.id === item.wallId)
      ) {
        issues.push({
          path: [...path, "wallId"],
          message: `No wall "${item.wallId}" on this level`,
        });
      }
    });
  }
  document.links.forEach((link, index) => {
    claimId(link.id, ["links", index], seen, issues);
  });
  return issues;
}
