import type { Faq } from "@atrium/domain/entities/cms";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { faqsQuery } from "../../api/cms";
import { PageMeta } from "../../app/shell/PageMeta";
import { ContentHtml } from "../../features/content/ContentHtml";
import { PageIntro } from "../../features/content/PageIntro";
import { PageLoading, PageMessage } from "../../features/content/PageState";
import { ResourcesLayout } from "../../features/content/ResourcesLayout";
import classes from "./resources.module.css";

/** FAQs grouped by their category, in the CMS's order; each answer opens in place. */
export function Component() {
  const { t } = useTranslation();
  const { data: faqs, isPending, isError } = useQuery(faqsQuery());
  return (
    <ResourcesLayout>
      <PageMeta title={t("meta.faqs.title")} description={t("meta.faqs.description")} />
      <PageIntro eyebrow={t("common.resources")} title={t("meta.faqs.title")}>
        <p>{t("resourcesUi.faqsIntro")}</p>
      </PageIntro>
      <div className={classes.section}>
        {isPending ? (
          <PageLoading />
        ) : isError || faqs.length === 0 ? (
          <PageMessage message={t("content.noFaqs")} />
        ) : (
          groupByCategory(faqs).map(([category, entries]) => (
            <section key={category} className={classes.faqGroup} aria-label={category || undefined}>
              {category && <h2 className={classes.groupTitle}>{category}</h2>}
              {entries.map((faq) => (
                <details key={faq.id} id={faq.id} className={classes.faq}>
                  <summary>{faq.question}</summary>
                  <ContentHtml html={faq.answerHtml} className={classes.answer} />
                </details>
              ))}
            </section>
          ))
        )}
      </div>
    </ResourcesLayout>
  );
}

export function groupByCategory(faqs: readonly Faq[]): [string, Faq[]][] {
  const groups = new Map<string, Faq[]>();
  for (const faq of faqs) groups.set(faq.category, [...(groups.get(faq.category) ?? []), faq]);
  return [...groups];
}
