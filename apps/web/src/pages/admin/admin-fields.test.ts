import { describe, expect, it } from "vitest";
import { entryTitle, toFormValues, toInput } from "./admin-fields";

describe("the admin form's values", () => {
  it("turn an article into text and back into the API's input", () => {
    const article = {
      id: "a1",
      slug: "hello",
      kind: "guide",
      title: "Hello",
      description: "",
      category: "Guides",
      tags: ["editor", "basics"],
      thumbnail: null,
      banner: null,
      authorId: null,
      body: "## Hi",
      guideSection: null,
      position: 3,
    };
    const values = toFormValues("articles", article);
    expect(values).toMatchObject({ tags: "editor, basics", thumbnail: "", position: "3" });
    expect(toInput("articles", { ...values, tags: "editor; basics, , new" })).toMatchObject({
      slug: "hello",
      kind: "guide",
      tags: ["editor", "basics", "new"],
      thumbnail: null,
      authorId: null,
      guideSection: null,
      position: 3,
      body: "## Hi",
    });
  });

  it("start a new article as a blog post", () => {
    expect(toFormValues("articles", null).kind).toBe("blog");
  });

  it("name entries by their title, term, question or name", () => {
    expect(entryTitle("faqs", { question: "Why?" })).toBe("Why?");
    expect(entryTitle("articles", { title: "", slug: "untitled-draft" })).toBe("untitled-draft");
    expect(entryTitle("resource-categories", { title: "Blog" })).toBe("Blog");
  });
});
