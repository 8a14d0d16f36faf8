import { resourceSidebarItems } from "@atrium/domain/rules/resources-menu";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { articlesQuery, resourceCategoriesQuery } from "../../api/cms";
import { PageMeta } from "../../app/shell/PageMeta";
import { ArticleCard } from "../../features/content/ArticleCard";
import { PageIntro } from "../../features/content/PageIntro";
import { PageLoading } from "../../features/content/PageState";
import { ResourcesLayout } from "../../features/content/ResourcesLayout";
import classes from "./resources.module.css";

/** RESOURCES: every category with what it holds, and the latest articles. */
export function Component() {
  const { t } = useTranslation();
  const { data: categories, isPending } = useQuery(resourceCategoriesQuery());
  const { data: latest } = useQuery(articlesQuery("blog"));
  const items = resourceSidebarItems(categories ?? []);
  const descriptions = new Map(
    (categories ?? []).map((category) => [category.id, category.description]),
  );
  return (
    <ResourcesLayout>
      <PageMeta title={t("resourcesUi.indexTitle")} description={t("resourcesUi.indexMeta")} />
      <PageIntro title={t("resourcesUi.indexTitle")}>
        <p>{t("resourcesUi.indexIntro")}</p>
      </PageIntro>
      <div className={classes.section}>
        {isPending ? (
          <PageLoading />
        ) : (
          <ul className={classes.categoryGrid}>
            {items.map((item) => {
              const inner = (
                <>
                  {item.icon && <img src={item.icon} alt="" width={32} height={32} />}
                  <strong>{item.title}</strong>
                  <span className={classes.categoryText}>{descriptions.get(item.id)}</span>
                </>
              );
              return (
                <li key={item.id}>
                  {item.externalUrl ? (
                    <a href={item.externalUrl} target="_blank" rel="noopener noreferrer">
                      {inner}
                    </a>
                  ) : (
                    <Link to={item.link}>{inner}</Link>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {latest && latest.length > 0 && (
          <section className={classes.guideSection}>
            <h2 className={classes.groupTitle}>{t("resourcesUi.latestArticles")}</h2>
            <div className={classes.grid}>
              {latest.slice(0, 3).map((article) => (
                <ArticleCard key={article.id} article={article} />
              ))}
            </div>
          </section>
        )}
      </div>
    </ResourcesLayout>
  );
}
