import { EXTRA_LEVEL_CREDITS } from "../constants";

// Levels of a custom space (spec 2 §9.2): the plan includes one; each extra level costs 50
// credits, up to a configurable number of extra levels. The server charges them when a space is
// published, and when a published space is saved with more levels than were paid for.

/** Levels every plan includes at no cost. */
export const INCLUDED_LEVELS = 1;
/** The default limit of extra levels; deployments may pass their own. */
export const MAX_EXTRA_LEVELS_DEFAULT = 4;

/** Credits the next level would cost, given how many levels the space has now. */
export function nextLevelCost(levelCount: number): number {
  return levelCount >= INCLUDED_LEVELS ? EXTRA_LEVEL_CREDITS : 0;
}

/** Credits all extra levels of a space cost. */
export function extraLevelsCost(levelCount: number): number {
  return Math.max(0, levelCount - INCLUDED_LEVELS) * EXTRA_LEVEL_CREDITS;
}

/** Whether another level may be added under the limit of extra levels. */
export function canAddLevel(
  levelCount: number,
  maxExtraLevels = MAX_EXTRA_LEVELS_DEFAULT,
): boolean {
  return levelCount < INCLUDED_LEVELS + maxExtraLevels;
}

/** Extra levels of a space with `levelCount` levels. */
export function extraLevelCount(levelCount: number): number {
  return Math.max(0, levelCount - INCLUDED_LEVELS);
}

/**
 * What publishing (or saving a published space) owes for extra levels when `paid` of them were
 * paid for already: a level removed and added again is not paid twice.
 */
export function unpaidExtraLevels(levelCount: number, paid: number): number {
  return Math.max(0, extraLevelCount(levelCount) - paid);
}
