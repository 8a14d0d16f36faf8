import type { GlossaryTerm } from "@atrium/domain/entities/cms";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { glossaryQuery } from "../../api/cms";
import { PageMeta } from "../../app/shell/PageMeta";
import { ContentHtml } from "../../features/content/ContentHtml";
import { PageIntro } from "../../features/content/PageIntro";
import { PageLoading, PageMessage } from "../../features/content/PageState";
import { ResourcesLayout } from "../../features/content/ResourcesLayout";
import classes from "./resources.module.css";

/** The glossary, alphabetically, with a jump list of initial letters. */
export function Component() {
  const { t } = useTranslation();
  const { data: terms, isPending, isError } = useQuery(glossaryQuery());
  const letters = terms ? byInitial(terms) : [];
  return (
    <ResourcesLayout>
      <PageMeta
        title={t("resourcesUi.glossaryTitle")}
        description={t("resourcesUi.glossaryMeta")}
      />
      <PageIntro eyebrow={t("common.resources")} title={t("resourcesUi.glossaryTitle")}>
        <p>{t("resourcesUi.glossaryIntro")}</p>
      </PageIntro>
      <div className={classes.section}>
        {isPending ? (
          <PageLoading />
        ) : isError || letters.length === 0 ? (
          <PageMessage message={t("content.noGlossary")} />
        ) : (
          <>
            <nav className={classes.letters} aria-label={t("resourcesUi.glossaryLetters")}>
              {letters.map(([letter]) => (
                <a key={letter} href={`#letter-${letter}`}>
                  {letter}
                </a>
              ))}
            </nav>
            {letters.map(([letter, entries]) => (
              <section key={letter} id={`letter-${letter}`} className={classes.letterGroup}>
                <h2 className={classes.letter}>{letter}</h2>
                <dl className={classes.terms}>
                  {entries.map((entry) => (
                    <div key={entry.id} id={entry.id} className={classes.term}>
                      <dt>{entry.term}</dt>
                      <dd>
                        <ContentHtml html={entry.definitionHtml} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </>
        )}
      </div>
    </ResourcesLayout>
  );
}

export function byInitial(terms: readonly GlossaryTerm[]): [string, GlossaryTerm[]][] {
  const groups = new Map<string, GlossaryTerm[]>();
  for (const term of terms) {
    const initial = term.term
      .normalize("NFKD")
      .charAt(0)
      .toUpperCase()
      .replace(/[^A-Z]/, "#");
    groups.set(initial, [...(groups.get(initial) ?? []), term]);
  }
  return [...groups];
}
