import type { TocEntry } from "@atrium/domain/entities/cms";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import classes from "./ArticleView.module.css";
import { useActiveHeading } from "./use-active-heading";

/** The sticky table of contents; the heading being read is marked (spec 2 §2.4). */
export function TableOfContents({ toc }: { toc: TocEntry[] }) {
  const { t } = useTranslation();
  const ids = useMemo(() => toc.map((entry) => entry.id), [toc]);
  const active = useActiveHeading(ids);
  if (toc.length === 0) return null;
  return (
    <nav className={classes.toc} aria-label={t("resourcesUi.tableOfContents")}>
      <p className={classes.tocTitle}>{t("resourcesUi.tableOfContents")}</p>
      <ol className={classes.tocList}>
        {toc.map((entry) => (
          <li key={entry.id} data-level={entry.level}>
            <a
              href={`#${entry.id}`}
              data-active={active === entry.id || undefined}
              aria-current={active === entry.id ? "location" : undefined}
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
