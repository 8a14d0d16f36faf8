import type { Faq, GlossaryTerm } from "@atrium/domain/entities/cms";
import { describe, expect, it } from "vitest";
import { neighbours } from "../../pages/resources/ArticlePage";
import { groupByCategory } from "../../pages/resources/FaqsPage";
import { byInitial } from "../../pages/resources/GlossaryPage";
import { formatContentDate } from "./format";

describe("content page helpers", () => {
  it("dates read the same everywhere: English, UTC", () => {
    expect(formatContentDate("2025-09-02T23:30:00.000Z")).toBe("2 September 2025");
    expect(formatContentDate(null)).toBeNull();
    expect(formatContentDate("not a date")).toBeNull();
  });

  it("FAQs are grouped by category in the order they come", () => {
    const faq = (id: string, category: string) =>
      ({ id, category, question: id, answerHtml: "", position: 0 }) as Faq;
    expect(
      groupByCategory([faq("a", "Start"), faq("b", "Plans"), faq("c", "Start")]).map(
        ([category, entries]) => [category, entries.map((entry) => entry.id)],
      ),
    ).toEqual([
      ["Start", ["a", "c"]],
      ["Plans", ["b"]],
    ]);
  });

  it("glossary terms are grouped by initial, accents folded, others under #", () => {
    const term = (name: string) => ({ id: name, term: name, definitionHtml: "" }) as GlossaryTerm;
    expect(
      byInitial([term("Asset"), term("Émote"), term("3D text"), term("Avatar")]).map(
        ([letter]) => letter,
      ),
    ).toEqual(["A", "E", "#"]);
  });

  it("a guide's neighbours come from its guides-menu section", () => {
    const menu = [
      {
        title: "Editor guide",
        items: [
          { id: "1", slug: "intro", title: "Intro" },
          { id: "2", slug: "step-1", title: "Step 1" },
        ],
      },
      { title: "Other", items: [{ id: "3", slug: "other", title: "Other" }] },
    ];
    expect(neighbours(menu, "intro")).toEqual({ previous: null, next: menu[0]?.items[1] });
    expect(neighbours(menu, "step-1").previous?.slug).toBe("intro");
    expect(neighbours(menu, "other")).toEqual({ previous: null, next: null });
    expect(neighbours(menu, "missing")).toEqual({ previous: null, next: null });
  });
});
