import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { articleQuery } from "../../api/cms";
import { PageMeta } from "../../app/shell/PageMeta";
import { ArticleView } from "../../features/content/ArticleView";
import { PageLoading, PageMessage } from "../../features/content/PageState";

/** A legal document from the CMS, in the article layout without an author. */
export function ArticleBySlugPlain({ slug }: { slug: string }) {
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
  return (
    <>
      <PageMeta title={article.title || t("content.untitled")} description={article.description} />
      <ArticleView article={article} showAuthor={false} />
    </>
  );
}
