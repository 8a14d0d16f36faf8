import { CREDIT_BUNDLE_FILTER_MAX } from "../constants";
import { CREDIT_BUNDLE_ICON_IDS, type CreditBundleIconId } from "../entities/credit-bundle";

type BundleLike = { unit: number };

/** Bundles sorted by unit, smallest first; the input is left untouched. */
export function sortBundlesByUnit<T extends BundleLike>(bundles: readonly T[]): T[] {
  return [...bundles].sort((a, b) => a.unit - b.unit);
}

/**
 * Icons are numbered by ascending unit: the smallest bundle gets credits-icon-1. There are four
 * icons; any bundle past the fourth keeps the largest one.
 */
export function withBundleIcons<T extends BundleLike>(
  bundles: readonly T[],
): (T & { iconId: CreditBundleIconId })[] {
  const lastIcon = CREDIT_BUNDLE_ICON_IDS.length - 1;
  return sortBundlesByUnit(bundles).map((bundle, rank) => ({
    ...bundle,
    iconId: CREDIT_BUNDLE_ICON_IDS[Math.min(rank, lastIcon)] ?? "credits-icon-4",
  }));
}

/**
 * The bundles the picker shows: all of them sorted by unit, or, when filtering for missing
 * credits, only those with unit at least the missing credits, at most 3. Icons are assigned
 * before filtering so a bundle keeps its icon whatever the filter.
 */
export function pickCreditBundles<T extends BundleLike>(
  bundles: readonly T[],
  filter?: { missingCredits: number },
): (T & { iconId: CreditBundleIconId })[] {
  const withIcons = withBundleIcons(bundles);
  if (filter === undefined) return withIcons;
  return withIcons
    .filter((bundle) => bundle.unit >= filter.missingCredits)
    .slice(0, CREDIT_BUNDLE_FILTER_MAX);
}
