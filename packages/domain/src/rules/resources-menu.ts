type SidebarItem = { link: string };
type CategoryLike = { slug: string; externalUrl: string | null };

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
