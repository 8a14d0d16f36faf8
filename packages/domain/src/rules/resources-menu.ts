type SidebarItem = { link: string };
type CategoryLike = { slug: string; externalUrl: string | null };
type SidebarCategory = CategoryLike & { id: number; title: string; icon: string | null };

/** Where a resource category's own page lives. */
export const resourceCategoryPath = (slug: string) => `/resources/${slug}`;

/**
 * The resources sidebar's items from the CMS categories (spec 2 §2.1, §3.1), sorted by id: an
 * internal link to the category's page, or its external URL (opened in a new tab).
 */
export function resourceSidebarItems(categories: readonly SidebarCategory[]) {
  return [...categories]
    .sort((a, b) => a.id - b.id)
    .map((category) => ({
      id: category.id,
      title: category.title,
      link: resourceCategoryPath(category.slug),
      ...(category.externalUrl ? { externalUrl: category.externalUrl } : {}),
      ...(category.icon ? { icon: category.icon } : {}),
    }));
}

/** The sidebar's active item is the one whose link equals the current path. */
export function activeSidebarItem<T extends SidebarItem>(
  items: readonly T[],
  currentPath: string,
): T | undefined {
  return items.find((item) => item.link === currentPath);
}

/** The header's "video tutorials" link: the external URL of the category whose slug contains 'video'. */
export function videoTutorialsUrl(categories: readonly CategoryLike[]): string | null {
  return categories.find((category) => category.slug.includes("video"))?.externalUrl ?? null;
}

/** An avatar group shows `visible` avatars, then "+N" for the rest. */
export function avatarGroupOverflow(total: number, visible = 2): number {
  return Math.max(0, total - visible);
}
