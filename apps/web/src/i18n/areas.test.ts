import { messages } from "@atrium/domain/messages";
import { coreMessages } from "@atrium/domain/messages/core";
import { describe, expect, it } from "vitest";
import { englishCatalogue } from ".";
import accounts from "./en/on-demand/accounts.json";

// The domain's catalogue is split by area (packages/domain/src/messages/*.ts): the web loads
// `coreMessages` at start and each other area with the modules that show it (./areas/*.ts).
// A module that asks for an area's key without importing that area would show the raw key when
// it is the first of the area to load, so every such module must import it.

/** The area modules of ./areas, by the catalogue key they add. */
const areaModules: Record<string, string> = {
  district: "district",
  viewer: "viewer",
  contactForm: "contact-form",
  dropzone: "dropzone",
  share: "share",
  publish: "publish",
  shell: "account",
  settings: "account",
  account: "account",
  subscription: "account",
  plans: "account",
};

/** The web's own strings that load with an area module rather than at start, by their key. */
const webAreaModules: Record<string, { module: string; catalogue: unknown }> = {
  accounts: { module: "account", catalogue: accounts },
};

const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}"], {
  eager: true,
  query: "?raw",
  import: "default",
});

type Tree = { [key: string]: unknown };
const lookup = (tree: unknown, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

describe("the catalogue's areas", () => {
  it("joins the shared part and every area into the server's catalogue", () => {
    const areas = Object.keys(messages).filter((key) => !(key in coreMessages));
    expect(areas.sort()).toEqual(Object.keys(areaModules).sort());
  });

  it("keeps the areas out of the catalogue loaded at start", () => {
    for (const area of Object.keys(areaModules)) {
      // the web's own strings may share a name with an area; the domain's strings are not there
      const domainKeys = Object.keys((messages as unknown as Tree)[area] as Tree);
      const eager = (englishCatalogue as Tree)[area] as Tree | undefined;
      for (const key of domainKeys) expect(eager?.[key], `${area}.${key}`).toBeUndefined();
    }
    for (const area of Object.keys(webAreaModules)) {
      expect((englishCatalogue as Tree)[area], area).toBeUndefined();
    }
  });

  it("is imported by every module that shows one of an area's strings", () => {
    const missing: string[] = [];
    let checked = 0;
    const areas = [
      ...Object.entries(areaModules).map(([area, module]) => ({
        area,
        module,
        catalogue: messages,
      })),
      ...Object.entries(webAreaModules).map(([area, { module, catalogue }]) => ({
        area,
        module,
        catalogue: { [area]: (catalogue as Tree)[area] },
      })),
    ];
    for (const [file, text] of Object.entries(sources)) {
      for (const { area, module, catalogue } of areas) {
        const keys = [...text.matchAll(new RegExp(`["'\`](${area}\\.[\\w.]+\\w)`, "g"))]
          .map((match) => match[1] as string)
          // only the area's own strings (the web's strings of the same name are loaded at start)
          .filter((key) => lookup(catalogue, key) !== undefined);
        if (keys.length === 0) continue;
        checked++;
        if (!new RegExp(`import "(\\.\\./)*(\\./)?(i18n/)?areas/${module}";`).test(text))
          missing.push(`${file} (${keys[0]})`);
      }
    }
    expect(checked).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});
