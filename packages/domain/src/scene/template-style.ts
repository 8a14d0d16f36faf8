// Applying a premade space's style overrides, apart from the schemas (custom-space.ts): the 3D
// engine draws with it, and the viewer's early start must not load zod for it.
import type { CustomSpace, TemplateStyle } from "./custom-space";

/**
 * The space a premade template draws once the document's overrides are applied: its walls,
 * floors and ceilings take the overriding finish, and its sky, terrain and lighting the chosen
 * ones. The template's own structure is never changed (nothing here is saved).
 */
export function applyTemplateStyle(space: CustomSpace, style: TemplateStyle): CustomSpace {
  const { walls, floors, ceilings } = style;
  const levels =
    walls || floors || ceilings
      ? space.levels.map((level) => ({
          ...level,
          walls: walls
            ? level.walls.map((wall) => ({ ...wall, left: { ...walls }, right: { ...walls } }))
            : level.walls,
          floor: floors ? { ...level.floor, ...floors } : level.floor,
          ceiling: ceilings ? { ...level.ceiling, ...ceilings } : level.ceiling,
        }))
      : space.levels;
  return {
    ...space,
    levels,
    skyId: style.skyId === undefined ? space.skyId : style.skyId,
    terrainId: style.terrainId === undefined ? space.terrainId : style.terrainId,
    lighting: style.lighting ?? space.lighting,
  };
}
