import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { resourceCategoriesQuery } from "../../api/cms";
import { PageMeta } from "../../app/shell/PageMeta";
import { PageLoading, PageMessage } from "../../features/content/PageState";
import { ResourcesLayout } from "../../features/content/ResourcesLayout";
import classes from "./resources.module.css";

/**
 * RESOURCES/{category} for a category without a page here: an external one (video
 * tutorials) gets its link; anything else is 'Unknown Resource.'.
 */
export function Component() {
  const { t } = useTranslation();
  const { category = "" } = useParams();
  const { data: categories, isPending } = useQuery(resourceCategoriesQuery());
  const external = categories?.find((entry) => entry.slug === category && entry.externalUrl);
  return (
    <ResourcesLayout>
      <PageMeta title={external?.title ?? t("content.unknownResource")} noindex />
      {isPending ? (
        <PageLoading />
      ) : external?.externalUrl ? (
        <div className={classes.external}>
          <h1>{external.title}</h1>
          {external.description && <p>{external.description}</p>}
          <a href={external.externalUrl} target="_blank" rel="noopener noreferrer">
            {t("resourcesUi.openExternal", { title: external.title })}
          </a>
        </div>
      ) : (
        <PageMessage message={t("content.unknownResource")} />
      )}
    </ResourcesLayout>
  );
}
