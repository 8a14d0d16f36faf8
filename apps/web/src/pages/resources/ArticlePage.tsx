import type { ArticleKind, GuidesMenuSection } from "@atrium/domain/entities/cms";
import { articlePath } from "@atrium/domain/site-pages";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useParams } from "react-router";
import { articleQuery, guidesMenuQuery } from "../../api/cms";
import { PageMeta } from "../../app/shell/PageMeta";
import { ArticleView } from "../../features/content/ArticleView";
import { PageLoading, PageMessage } from "../../features/content/PageState";
import { ResourcesLayout } from "../../features/content/ResourcesLayout";
import classes from "./resources.module.css";

/** GUIDES/{resourceId} and BLOG/{resourceId}: one article by slug (or id). */
export function Component() {
  const { resourceId = "" } = useParams();
  const { pathname } = useLocation();
  const kind: ArticleKind = pathname.startsWith("/resources/guides/") ? "guide" : "blog";
  return (
    <ResourcesLayout>
      <ArticleBySlug slug={resourceId} kind={kind} />
    </ResourcesLayout>
  );
}

export function ArticleBySlug({ slug, kind }: { slug: string; kind: ArticleKind }) {
  const { t } = useTranslation();
  const { data: article, isPending, isError } = useQuery(articleQuery(slug));
  if (isPending) return <PageLoading />;
  if (isError) {
    return (
      <>
        <PageMeta title={t("content.articleNotFound")} noindex />
        <PageMessage message={t("content.articleNotFound")} />
      </>
    );
  }
  // an article asked for under the wrong section (or by id) moves to its own address
  const canonical = articlePath(article.kind, article.slug);
  if (canonical && (article.kind !== kind || article.slug !== slug)) {
    return <Navigate to={canonical} replace />;
  }
  return (
    <>
      <PageMeta title={article.title || t("content.untitled")} description={article.description} />
      <ArticleView
        article={article}
        after={article.kind === "guide" ? <GuideSteps slug={article.slug} /> : undefined}
      />
    </>
  );
}

/** Previous and next guide in the guides menu, so a reader can follow a series. */
function GuideSteps({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { data: menu } = useQuery(guidesMenuQuery());
  const { previous, next } = neighbours(menu ?? [], slug);
  if (!previous && !next) return null;
  return (
    <nav className={classes.steps} aria-label={t("resourcesUi.guideNavigation")}>
      {previous ? (
        <Link to={articlePath("guide", previous.slug) ?? "#"} rel="prev">
          <span>{t("resourcesUi.previousGuide")}</span>
          {previous.title}
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link to={articlePath("guide", next.slug) ?? "#"} rel="next" data-next>
          <span>{t("resourcesUi.nextGuide")}</span>
          {next.title}
        </Link>
      )}
    </nav>
  );
}

export function neighbours(menu: readonly GuidesMenuSection[], slug: string) {
  for (const section of menu) {
    const index = section.items.findIndex((item) => item.slug === slug);
    if (index >= 0) {
      return { previous: section.items[index - 1] ?? null, next: section.items[index + 1] ?? null };
    }
  }
  return { previous: null, next: null };
}
