import { messages } from "@atrium/domain/messages";
import { afterEach, describe, expect, it, vi } from "vitest";
import { englishCatalogue, i18n, initI18n, loadExternalTranslations, mergeCatalogues } from ".";

describe("the English catalogue", () => {
  it("holds the spec's strings and the web app's own", async () => {
    await initI18n();
    expect(i18n.t("errors.pageNotFound")).toBe("Page not found");
    expect(i18n.t("errors.pageNotFoundDetail")).toBe(
      "The page you are looking for does not exist.",
    );
    expect(i18n.t("nav.contactUs")).toBe("Contact us");
    expect(englishCatalogue.errors).toMatchObject(messages.errors);
  });

  it("fills the spec's single-brace placeholders", async () => {
    await initI18n();
    expect(i18n.t("later.title", { page: "Pricing" })).toBe("Pricing is on its way");
  });

  it("merges nested groups, the later one winning on leaves", () => {
    expect(mergeCatalogues({ a: { b: "1", c: "2" } }, { a: { c: "3" }, d: "4" })).toEqual({
      a: { b: "1", c: "3" },
      d: "4",
    });
  });
});

describe("the external translation file", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is merged over English when it loads", async () => {
    await initI18n();
    const fetcher = vi.fn(async () => Response.json({ nav: { explore: "Explorer" } }));
    expect(await loadExternalTranslations("https://cdn.example/fr.json", fetcher)).toBe(true);
    expect(i18n.t("nav.explore")).toBe("Explorer");
    expect(i18n.t("nav.pricing")).toBe("Pricing");
    i18n.addResourceBundle("en", "translation", { nav: { explore: "Explore" } }, true, true);
  });

  it("a failure is logged and English stays", async () => {
    await initI18n();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetcher = vi.fn(async () => new Response("nope", { status: 500 }));
    expect(await loadExternalTranslations("https://cdn.example/broken.json", fetcher)).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(i18n.t("nav.explore")).toBe("Explore");
  });

  it("no URL configured: nothing is fetched", async () => {
    const fetcher = vi.fn();
    expect(await loadExternalTranslations(null, fetcher)).toBe(false);
    expect(fetcher).not.toHaveBeenCalled();
  });
});
