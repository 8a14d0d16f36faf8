import { i18n } from ".";

type Catalogue = Record<string, unknown>;

/**
 * Adds a page's own strings (src/i18n/en/on-demand/*.json) when its code loads, so long
 * marketing copy travels with the page that shows it instead of in every page's bundle.
 * Keys already present win: an external translation loaded earlier stays in place.
 */
export function addOnDemandCatalogue(catalogue: Catalogue) {
  const add = () => i18n.addResourceBundle("en", "translation", catalogue, true, false);
  if (i18n.isInitialized) add();
  else i18n.on("initialized", add);
}
