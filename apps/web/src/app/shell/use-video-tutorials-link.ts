import { videoTutorialsUrl } from "@atrium/domain/rules/resources-menu";
import { useQuery } from "@tanstack/react-query";
import { resourceCategoriesQuery } from "../../api/cms";

/**
 * The external link of the CMS resource category whose slug contains 'video' (spec 2 §2.3),
 * or null while the categories load, when they fail, or when there is no such category: the
 * menu entry is shown only with a real link.
 */
export function useVideoTutorialsLink(): string | null {
  const { data } = useQuery(resourceCategoriesQuery());
  return data ? videoTutorialsUrl(data) : null;
}
