import { describe, expect, it } from "vitest";
import { englishCatalogue, mergeCatalogues } from ".";

// The content pages' words live in on-demand catalogues loaded with their pages. Every key
// those pages ask for by name must exist once everything is loaded.

type Catalogue = Parameters<typeof mergeCatalogues>[0];

const onDemand = Object.values(
  import.meta.glob<Catalogue>("./en/on-demand/*.json", { eager: true, import: "default" }),
);
const everything = onDemand.reduce(
  (merged, catalogue) => mergeCatalogues(merged, catalogue),
  englishCatalogue,
);

/** The content pages' sources, as text. */
const sources = import.meta.glob<string>(
  [
    "../pages/{home,solutions,marketing,resources,admin}/**/*.{ts,tsx}",
    "../features/{content,contact,marketing}/**/*.{ts,tsx}",
    "!**/*.test.ts",
  ],
  { eager: true, query: "?raw", import: "default" },
);

function lookup(catalogue: Catalogue, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);
}

describe("the content pages' catalogues", () => {
  it("have every key the pages ask for by name", () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, text] of Object.entries(sources)) {
      for (const [, key] of text.matchAll(/\bt\(\s*"([\w.-]+)"/g)) {
        checked++;
        // a counted string has its plural forms instead (key_one, key_other)
        const found = lookup(everything, key as string) ?? lookup(everything, `${key}_other`);
        if (found === undefined) missing.push(`${file}: ${key}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it("do not redefine keys of the shell's or the spec's catalogue", () => {
    const clashes: string[] = [];
    const walk = (node: Catalogue, prefix: string) => {
      for (const [key, value] of Object.entries(node)) {
        const full = prefix ? `${prefix}.${key}` : key;
        if (typeof value === "object" && !Array.isArray(value)) walk(value as Catalogue, full);
        else if (lookup(englishCatalogue, full) !== undefined) clashes.push(full);
      }
    };
    for (const catalogue of onDemand) walk(catalogue, "");
    expect(clashes).toEqual([]);
  });

  it("have the solution pages' lists in the shape the template reads", () => {
    for (const key of ["edtech", "museums", "retail", "events", "corporate", "art", "marketing"]) {
      expect(lookup(everything, `solutions.${key}.challenges`), key).toHaveLength(3);
      expect(lookup(everything, `solutions.${key}.useCases`), key).toHaveLength(4);
      expect(lookup(everything, `solutions.${key}.how`), key).toHaveLength(3);
    }
    expect(lookup(everything, "solutions.learning.grid")).toHaveLength(6);
    expect(lookup(everything, "solutions.learning.cards")).toHaveLength(3);
    expect(lookup(everything, "solutions.learning.easy")).toHaveLength(3);
  });
});
