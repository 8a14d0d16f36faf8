import { WHITEPAPER_SLUG } from "@atrium/domain/site-pages";
import { ResourcesLayout } from "../../features/content/ResourcesLayout";
import { ArticleBySlug } from "./ArticlePage";

/** The whitepaper: the article with the whitepaper slug, in the article layout. */
export function Component() {
  return (
    <ResourcesLayout>
      <ArticleBySlug slug={WHITEPAPER_SLUG} kind="whitepaper" />
    </ResourcesLayout>
  );
}
