import type { ArticleSummary } from "@atrium/domain/entities/cms";
import { articlePath } from "@atrium/domain/site-pages";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./ArticleCard.module.css";
import { FallbackImage } from "./FallbackImage";
import "./catalogue";

/** An article card (spec 2 §2.4): thumbnail with its fallback, category, title, description, Read More. */
export function ArticleCard({ article }: { article: ArticleSummary }) {
  const { t } = useTranslation();
  const href = articlePath(article.kind, article.slug) ?? "#";
  const title = article.title || t("content.untitled");
  return (
    <article className={classes.card}>
      <Link to={href} className={classes.thumbnailLink} tabIndex={-1} aria-hidden="true">
        <FallbackImage
          className={classes.thumbnail}
          src={article.thumbnail}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
        />
      </Link>
      <div className={classes.body}>
        {article.category && <p className={classes.category}>{article.category}</p>}
        <h3 className={classes.title}>
          <Link to={href}>{title}</Link>
        </h3>
        {article.description && <p className={classes.description}>{article.description}</p>}
        <p className={classes.meta}>{t("content.minRead", { 0: article.readingMinutes })}</p>
        <Link
          to={href}
          className={classes.readMore}
          aria-label={`${t("content.readMore")}: ${title}`}
        >
          {t("content.readMore")}
          <span aria-hidden="true"> →</span>
        </Link>
      </div>
    </article>
  );
}
