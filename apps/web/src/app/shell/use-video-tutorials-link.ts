/**
 * The external link of the resource category whose slug contains 'video'. The
 * categories come from the CMS, which lands with the content issue; until then
 * there is no such category and the menu entry is not shown.
 */
export function useVideoTutorialsLink(): string | null {
  return null;
}
