import { coreMessages } from "@atrium/domain/messages/core";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";

type Catalogue = { [key: string]: string | readonly string[] | Catalogue };

// the strings every page may show (en/shell.json); an area's strings and a page's long copy
// (en/on-demand/*.json) load with the code that shows them (on-demand.ts, areas/*.ts)
const webCatalogues = import.meta.glob<Catalogue>("./en/*.json", {
  eager: true,
  import: "default",
});

/** English: the spec's catalogue (shared with the server) plus the web app's own strings. */
export const englishCatalogue: Catalogue = Object.values(webCatalogues).reduce(
  (merged, catalogue) => mergeCatalogues(merged, catalogue),
  mergeCatalogues({}, coreMessages),
);

export function mergeCatalogues(base: Catalogue, over: Catalogue): Catalogue {
  const merged: Catalogue = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    merged[key] = isBranch(value) && isBranch(current) ? mergeCatalogues(current, value) : value;
  }
  return merged;
}

function isBranch(value: Catalogue[string] | undefined): value is Catalogue {
  return typeof value === "object" && !Array.isArray(value);
}

export async function initI18n() {
  await i18n.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    resources: { en: { translation: englishCatalogue } },
    // the spec's placeholders are single-braced: 'Duration > {min}', '{0}'
    interpolation: { escapeValue: false, prefix: "{", suffix: "}" },
    returnNull: false,
  });
  return i18n;
}

/**
 * Merges an optional external translation file over English. A failure is logged
 * and English stays (spec 2 §8: translation load failure).
 */
export async function loadExternalTranslations(
  url: string | null,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  if (!url) return false;
  try {
    const response = await fetcher(url, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const overrides = (await response.json()) as Catalogue;
    i18n.addResourceBundle("en", "translation", overrides, true, true);
    return true;
  } catch (error) {
    console.warn(`Translation file ${url} could not be loaded; using English.`, error);
    return false;
  }
}

export { i18n };
