import type { Article } from "@atrium/domain/entities/cms";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "./ArticleView.module.css";
import { ContentHtml } from "./ContentHtml";
import { FallbackImage } from "./FallbackImage";
import { formatContentDate } from "./format";
import { TableOfContents } from "./TableOfContents";
import "./catalogue";

/**
 * The article page (spec 2 §2.4): a banner or no-banner header with title, description,
 * author and date; the body, whose headings carry ids; a sticky table of contents; and a
 * footer with the author, the tags (or 'No tags'), the date and an optional 'Updated on'.
 */
export function ArticleView({
  article,
  showAuthor = true,
  before,
  after,
}: {
  article: Article;
  /** Legal documents have no author line. */
  showAuthor?: boolean;
  before?: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const title = article.title || t("content.untitled");
  const authorName = article.author?.name ?? t("content.unknownAuthor");
  const published = formatContentDate(article.publishedAt);
  const updated = formatContentDate(article.updatedAt);
  const byline = (
    <p className={classes.byline}>
      {showAuthor && <span>{authorName}</span>}
      {published && <time dateTime={article.publishedAt ?? undefined}>{published}</time>}
      <span>{t("content.minRead", { 0: article.readingMinutes })}</span>
    </p>
  );

  return (
    <article className={classes.article}>
      {article.banner ? (
        <header className={classes.bannerHeader}>
          <FallbackImage
            className={classes.bannerImage}
            src={article.banner}
            alt=""
            width={1600}
            height={560}
            fetchPriority="high"
          />
          <div className={classes.bannerText}>
            {article.category && <p className={classes.category}>{article.category}</p>}
            <h1 className={classes.title}>{title}</h1>
            {article.description && <p className={classes.description}>{article.description}</p>}
            {byline}
          </div>
        </header>
      ) : (
        <header className={classes.plainHeader}>
          {article.category && <p className={classes.category}>{article.category}</p>}
          <h1 className={classes.title}>{title}</h1>
          {article.description && <p className={classes.description}>{article.description}</p>}
          {byline}
        </header>
      )}

      <div className={classes.columns}>
        <div className={classes.main}>
          {before}
          <ContentHtml html={article.bodyHtml} />
          {after}
          <footer className={classes.footer}>
            {showAuthor && (
              <div className={classes.author}>
                {article.author?.avatar ? (
                  <FallbackImage
                    className={classes.avatar}
                    src={article.author.avatar}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                  />
                ) : (
                  <span className={classes.avatar} aria-hidden="true" />
                )}
                <div>
                  <p className={classes.authorName}>{authorName}</p>
                  {article.author?.role && (
                    <p className={classes.authorRole}>{article.author.role}</p>
                  )}
                  {article.author?.bio && <p className={classes.authorBio}>{article.author.bio}</p>}
                </div>
              </div>
            )}
            <FooterRow label={t("resourcesUi.tags")}>
              {article.tags.length > 0 ? (
                <ul className={classes.tags}>
                  {article.tags.map((tag) => (
                    <li key={tag}>{tag}</li>
                  ))}
                </ul>
              ) : (
                t("content.noTags")
              )}
            </FooterRow>
            {published && (
              <FooterRow label={t("resourcesUi.published")}>
                <time dateTime={article.publishedAt ?? undefined}>{published}</time>
              </FooterRow>
            )}
            {updated && (
              <FooterRow label={t("content.updatedOn")}>
                <time dateTime={article.updatedAt ?? undefined}>{updated}</time>
              </FooterRow>
            )}
          </footer>
        </div>
        <aside className={classes.aside}>
          <TableOfContents toc={article.toc} />
        </aside>
      </div>
    </article>
  );
}

function FooterRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.footerRow}>
      <span className={classes.footerLabel}>{label}</span>
      <span>{children}</span>
    </div>
  );
}
