import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { articlesQuery } from "../../api/cms";
import { PageMeta } from "../../app/shell/PageMeta";
import { ArticleCard } from "../../features/content/ArticleCard";
import { PageIntro } from "../../features/content/PageIntro";
import { PageLoading, PageMessage } from "../../features/content/PageState";
import { ResourcesLayout } from "../../features/content/ResourcesLayout";
import classes from "./resources.module.css";

/** Blog articles, newest first, with a filter by category. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const chosen = params.get("category");
  const { data: articles, isPending, isError } = useQuery(articlesQuery("blog"));
  const categories = [
    ...new Set((articles ?? []).map((article) => article.category).filter(Boolean)),
  ];
  const shown = (articles ?? []).filter((article) => !chosen || article.category === chosen);
  return (
    <ResourcesLayout>
      <PageMeta title={t("resourcesUi.blogTitle")} description={t("resourcesUi.blogMeta")} />
      <PageIntro eyebrow={t("common.resources")} title={t("resourcesUi.blogTitle")}>
        <p>{t("resourcesUi.blogIntro")}</p>
      </PageIntro>
      <div className={classes.section}>
        {categories.length > 1 && (
          <nav className={classes.filters} aria-label={t("resourcesUi.filterByCategory")}>
            <Link to="?" data-active={!chosen || undefined}>
              {t("resourcesUi.allCategories")}
            </Link>
            {categories.map((category) => (
              <Link
                key={category}
                to={`?category=${encodeURIComponent(category)}`}
                data-active={chosen === category || undefined}
              >
                {category}
              </Link>
            ))}
          </nav>
        )}
        {isPending ? (
          <PageLoading />
        ) : isError || shown.length === 0 ? (
          <PageMessage message={t("content.articleNotFound")} />
        ) : (
          <div className={classes.grid}>
            {shown.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </div>
        )}
      </div>
    </ResourcesLayout>
  );
}
