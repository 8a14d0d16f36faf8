import type { SceneDocument } from "./document";
import { SCENE_ITEM_LISTS } from "./item-lists";

/**
 * Whether a document holds work a creator would lose by switching to another space (spec 1 §4's
 * "Discard this space's work?"): anything placed, a tour, a wall, a second level, a finish or
 * style chosen. A brand-new space (an empty custom level, or an untouched premade space) holds
 * none, so switching it asks nothing.
 */
export function hasWork(document: SceneDocument): boolean {
  if (SCENE_ITEM_LISTS.some((list) => (document[list] as unknown[]).length > 0)) return true;
  if (document.guidedTours.length > 0 || document.links.length > 0) return true;
  const custom = document.customSpace;
  if (custom) {
    if (custom.levels.length > 1 || custom.materialOverrides.length > 0) return true;
    if (custom.levels.some((level) => level.walls.length > 0)) return true;
    if (custom.skyId !== null || custom.terrainId !== null) return true;
  }
  const template = document.spaceTemplate;
  if (template) {
    if (template.materialOverrides.length > 0) return true;
    const { templateId: _id, materialOverrides: _overrides, ...style } = template;
    if (Object.values(style).some((value) => value !== undefined)) return true;
  }
  return false;
}
