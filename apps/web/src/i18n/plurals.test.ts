import { messages } from "@atrium/domain/messages";
import { describe, expect, it } from "vitest";
import { englishCatalogue, i18n, initI18n, mergeCatalogues } from ".";

// Counted words agree with their number ("1 point", "2 points"): every string that puts a
// number before a word has i18next's plural forms (key_one, key_other, chosen by
// Intl.PluralRules from `count`), so no string can say "1 points" again.

type Catalogue = Parameters<typeof mergeCatalogues>[0];

const onDemand = Object.values(
  import.meta.glob<Catalogue>("./en/on-demand/*.json", { eager: true, import: "default" }),
);
const everything = onDemand.reduce(
  (merged, catalogue) => mergeCatalogues(merged, catalogue),
  mergeCatalogues(englishCatalogue, messages as Catalogue),
);

/** A number placeholder directly followed by a word: "{count} points", "{value} meshes". */
const COUNTED = /\{(count|value|n)(, ?\w+)?\} [A-Za-z]/;

function leaves(node: Catalogue, prefix = ""): [string, string][] {
  return Object.entries(node).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") return [[path, value] as [string, string]];
    if (Array.isArray(value)) return [];
    return leaves(value as Catalogue, path);
  });
}

describe("plurals", () => {
  it("every counted string has its singular and plural forms", () => {
    const all = new Map(leaves(everything));
    const bare: string[] = [];
    for (const [key, text] of all) {
      if (!COUNTED.test(text)) continue;
      const base = key.replace(/_(one|other|zero|two|few|many)$/, "");
      if (base === key || !all.has(`${base}_one`) || !all.has(`${base}_other`)) bare.push(key);
    }
    expect(bare).toEqual([]);
  });

  it("says 1 point and 2 points, 1 published space and 3 published spaces", async () => {
    await initI18n();
    for (const catalogue of onDemand) i18n.addResourceBundle("en", "translation", catalogue, true);
    expect(i18n.t("editorUi.tours.pointCount", { count: 1 })).toBe("1 point");
    expect(i18n.t("editorUi.tours.pointCount", { count: 2 })).toBe("2 points");
    expect(i18n.t("viewerPage.paths.points", { count: 1 })).toBe("1 point");
    expect(i18n.t("explore.publishedSpaces", { count: 1 })).toBe("1 published space");
    expect(i18n.t("explore.publishedSpaces", { count: 3 })).toBe("3 published spaces");
    expect(i18n.t("spaces.counts.likes", { count: 1 })).toBe("1 like");
    expect(i18n.t("spaces.counts.views", { count: 0 })).toBe("0 views");
    expect(i18n.t("home.premade.credits", { count: 1 })).toBe("1 credit");
    expect(i18n.t("pricingPage.credits", { count: 1 })).toBe("1 credit");
    expect(i18n.t("pricingPage.credits", { count: 1500 })).toBe("1,500 credits");
  });
});
