import type { ArticleSummary } from "@atrium/domain/entities/cms";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { articlesQuery, guidesMenuQuery } from "../../api/cms";
import { PageMeta } from "../../app/shell/PageMeta";
import { ArticleCard } from "../../features/content/ArticleCard";
import { PageIntro } from "../../features/content/PageIntro";
import { PageLoading, PageMessage } from "../../features/content/PageState";
import { ResourcesLayout } from "../../features/content/ResourcesLayout";
import classes from "./resources.module.css";

/** Guides in the guides menu's sections and order: the editor guide first. */
export function Component() {
  const { t } = useTranslation();
  const menu = useQuery(guidesMenuQuery());
  const guides = useQuery(articlesQuery("guide"));
  const bySlug = new Map((guides.data ?? []).map((guide) => [guide.slug, guide]));
  return (
    <ResourcesLayout>
      <PageMeta title={t("meta.guides.title")} description={t("meta.guides.description")} />
      <PageIntro eyebrow={t("common.resources")} title={t("meta.guides.title")}>
        <p>{t("resourcesUi.guidesIntro")}</p>
      </PageIntro>
      <div className={classes.section}>
        {menu.isPending || guides.isPending ? (
          <PageLoading />
        ) : menu.isError || guides.isError || menu.data.length === 0 ? (
          <PageMessage message={t("content.articleNotFound")} />
        ) : (
          menu.data.map((section) => (
            <section key={section.title} className={classes.guideSection}>
              <h2 className={classes.groupTitle}>{section.title}</h2>
              <div className={classes.grid}>
                {section.items
                  .map((item) => bySlug.get(item.slug))
                  .filter((guide): guide is ArticleSummary => Boolean(guide))
                  .map((guide) => (
                    <ArticleCard key={guide.id} article={guide} />
                  ))}
              </div>
            </section>
          ))
        )}
      </div>
    </ResourcesLayout>
  );
}
