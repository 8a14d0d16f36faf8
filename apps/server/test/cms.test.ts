import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cmsSeeder } from "../src/seed/cms.js";
import { createTestApp, type TestApp } from "./support/app.js";
import { clientFor, signUpUser, type TestUser } from "./support/users.js";

describe("the content service (/cms/api)", () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;
  const get = (url: string) => t.app.inject({ method: "GET", url });

  beforeAll(async () => {
    t = await createTestApp();
    await cmsSeeder.run(t.context);
    admin = await signUpUser(t, { admin: true });
    member = await signUpUser(t);
  });
  afterAll(() => t.close());

  describe("public reads", () => {
    it("categories: sorted by id, with slug, externalUrl and icon; one is the video tutorials link", async () => {
      const response = await get("/cms/api/categories");
      expect(response.statusCode).toBe(200);
      const categories = response.json() as {
        id: number;
        slug: string;
        externalUrl: string | null;
        icon: string | null;
      }[];
      expect(categories.map((category) => category.id)).toEqual(
        [...categories.map((category) => category.id)].sort((a, b) => a - b),
      );
      expect(categories.find((category) => category.slug === "faqs")).toMatchObject({
        externalUrl: null,
        icon: expect.stringMatching(/\.svg$/),
      });
      expect(categories.find((category) => category.slug.includes("video"))?.externalUrl).toMatch(
        /^https:\/\//,
      );
    });

    it("faqs: published answers in order, as HTML", async () => {
      const faqs = (await get("/cms/api/faqs")).json() as {
        question: string;
        answerHtml: string;
        position: number;
      }[];
      expect(faqs.length).toBeGreaterThanOrEqual(12);
      expect(faqs[0]?.question).toBe("What is Atrium?");
      expect(faqs[0]?.answerHtml).toMatch(/^<p>Atrium is a browser-based/);
      expect(faqs.map((faq) => faq.position)).toEqual(
        [...faqs.map((faq) => faq.position)].sort((a, b) => a - b),
      );
    });

    it("glossary: at least 30 terms, alphabetically", async () => {
      const terms = (await get("/cms/api/glossary")).json() as {
        term: string;
        definitionHtml: string;
      }[];
      expect(terms.length).toBeGreaterThanOrEqual(30);
      const names = terms.map((term) => term.term.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(terms[0]?.definitionHtml).toContain("<p>");
    });

    it("articles: newest first, filtered by kind and tag, with author, reading time and no body", async () => {
      const blog = (await get("/cms/api/articles?kind=blog")).json() as Record<string, unknown>[];
      expect(blog.length).toBeGreaterThanOrEqual(6);
      expect(blog.every((article) => article.kind === "blog")).toBe(true);
      const dates = blog.map((article) => String(article.publishedAt));
      expect(dates).toEqual([...dates].sort().reverse());
      expect(blog[0]).toMatchObject({
        author: { name: expect.any(String) },
        readingMinutes: expect.any(Number),
        thumbnail: expect.stringMatching(/^\/illustrations\//),
      });
      expect(blog[0]).not.toHaveProperty("bodyHtml");
      const tagged = (await get("/cms/api/articles?tag=accessibility")).json() as {
        slug: string;
      }[];
      expect(tagged.map((article) => article.slug)).toEqual(["making-3d-spaces-more-accessible"]);
      expect((await get("/cms/api/articles?kind=poem")).statusCode).toBe(400);
    });

    it("one article by slug or id: body HTML with heading ids and its table of contents", async () => {
      const bySlug = (await get("/cms/api/articles/editor-guide-introduction")).json();
      expect(bySlug.title).toBe("The editor guide: an introduction");
      expect(bySlug.bodyHtml).toContain('<h2 id="the-five-steps">The five steps</h2>');
      expect(bySlug.toc).toContainEqual({
        id: "the-five-steps",
        title: "The five steps",
        level: 2,
      });
      expect(bySlug.author).toMatchObject({ name: "Mara Lindqvist", bio: expect.any(String) });
      expect(bySlug.banner).toMatch(/\.svg$/);
      const byId = (await get(`/cms/api/articles/${bySlug.id}`)).json();
      expect(byId.slug).toBe("editor-guide-introduction");
    });

    it("a missing article is a 404 'Article not found.'", async () => {
      const response = await get("/cms/api/articles/no-such-article");
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("Article not found.");
    });

    it("authors, one author by slug, and 'Unknown Author' for a missing one", async () => {
      const authors = (await get("/cms/api/authors")).json() as { slug: string }[];
      expect(authors.length).toBeGreaterThanOrEqual(3);
      expect((await get("/cms/api/authors/tomas-reyes")).json().name).toBe("Tomás Reyes");
      const missing = await get("/cms/api/authors/nobody");
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe("Unknown Author");
    });

    it("guides-menu: the editor guide first, its introduction then the 5 steps", async () => {
      const menu = (await get("/cms/api/guides-menu")).json() as {
        title: string;
        items: { slug: string }[];
      }[];
      expect(menu[0]?.title).toBe("Editor guide");
      expect(menu[0]?.items.map((item) => item.slug)).toEqual([
        "editor-guide-introduction",
        "editor-guide-create-your-space",
        "editor-guide-design-your-space",
        "editor-guide-add-content",
        "editor-guide-create-paths",
        "editor-guide-publish",
      ]);
      expect(menu.flatMap((section) => section.items).length).toBeGreaterThanOrEqual(6);
    });
  });

  it("is documented in the OpenAPI document, public reads and admin writes", async () => {
    const paths = Object.keys((await get("/api/docs/json")).json().paths);
    for (const path of [
      "/cms/api/faqs",
      "/cms/api/categories",
      "/cms/api/glossary",
      "/cms/api/articles",
      "/cms/api/articles/{id}",
      "/cms/api/authors",
      "/cms/api/authors/{id}",
      "/cms/api/guides-menu",
      "/cms/api/admin/articles/{id}",
      "/cms/api/admin/faqs/{id}/publish",
      "/cms/api/admin/preview",
      "/api/mailService/contactus/send",
    ]) {
      expect(paths).toContain(path);
    }
  });

  describe("admin writes", () => {
    const faq = { question: "Can I try Atrium for free?", answer: "Yes: the **Starter Trial**." };

    it("are refused signed out (401) and to members without the admin role (403)", async () => {
      const attempts = [
        { method: "POST" as const, url: "/cms/api/admin/faqs", payload: faq },
        { method: "GET" as const, url: "/cms/api/admin/articles" },
        { method: "POST" as const, url: "/cms/api/admin/faqs/what-is-atrium/unpublish" },
        { method: "DELETE" as const, url: "/cms/api/admin/glossary/term-asset" },
        { method: "POST" as const, url: "/cms/api/admin/preview", payload: { markdown: "x" } },
      ];
      for (const attempt of attempts) {
        expect((await clientFor(t, null)(attempt)).statusCode, attempt.url).toBe(401);
        expect((await clientFor(t, member)(attempt)).statusCode, attempt.url).toBe(403);
      }
      const faqs = (await get("/cms/api/faqs")).json() as { id: string }[];
      expect(faqs.some((entry) => entry.id === "what-is-atrium")).toBe(true);
    });

    it("create a draft, publish it, edit it, unpublish it", async () => {
      const as = clientFor(t, admin);
      const created = await as({ method: "POST", url: "/cms/api/admin/faqs", payload: faq });
      expect(created.statusCode).toBe(201);
      const record = created.json();
      expect(record).toMatchObject({ published: false, revision: 1, answer: faq.answer });
      const publicIds = async () =>
        ((await get("/cms/api/faqs")).json() as { id: string }[]).map((entry) => entry.id);
      expect(await publicIds()).not.toContain(record.id);

      const published = await as({
        method: "POST",
        url: `/cms/api/admin/faqs/${record.id}/publish`,
      });
      expect(published.json()).toMatchObject({ published: true, publishedAt: expect.any(String) });
      const shown = (
        (await get("/cms/api/faqs")).json() as { id: string; answerHtml: string }[]
      ).find((entry) => entry.id === record.id);
      expect(shown?.answerHtml).toBe("<p>Yes: the <strong>Starter Trial</strong>.</p>\n");

      const edited = await as({
        method: "PUT",
        url: `/cms/api/admin/faqs/${record.id}`,
        payload: { ...faq, answer: "Yes, for a month.", revision: published.json().revision },
      });
      expect(edited.statusCode).toBe(200);
      expect(
        ((await get("/cms/api/faqs")).json() as { id: string; answerHtml: string }[]).find(
          (entry) => entry.id === record.id,
        )?.answerHtml,
      ).toBe("<p>Yes, for a month.</p>\n");

      await as({ method: "POST", url: `/cms/api/admin/faqs/${record.id}/unpublish` });
      expect(await publicIds()).not.toContain(record.id);
    });

    it("an update naming an old revision is refused with 409, not applied", async () => {
      const as = clientFor(t, admin);
      const record = (
        await as({ method: "POST", url: "/cms/api/admin/faqs", payload: faq })
      ).json();
      const first = await as({
        method: "PUT",
        url: `/cms/api/admin/faqs/${record.id}`,
        payload: { ...faq, answer: "First edit", revision: 1 },
      });
      expect(first.json().revision).toBe(2);
      const stale = await as({
        method: "PUT",
        url: `/cms/api/admin/faqs/${record.id}`,
        payload: { ...faq, answer: "Second edit from an old tab", revision: 1 },
      });
      expect(stale.statusCode).toBe(409);
      const all = (await as({ method: "GET", url: "/cms/api/admin/faqs" })).json() as {
        id: string;
        answer: string;
      }[];
      expect(all.find((entry) => entry.id === record.id)?.answer).toBe("First edit");
      const missing = await as({
        method: "PUT",
        url: "/cms/api/admin/faqs/nope",
        payload: { ...faq, revision: 1 },
      });
      expect(missing.statusCode).toBe(404);
    });

    it("articles: a duplicate slug is 409, an unknown author 400, bad input 400 with fields", async () => {
      const as = clientFor(t, admin);
      const duplicate = await as({
        method: "POST",
        url: "/cms/api/admin/articles",
        payload: { slug: "whitepaper", kind: "blog" },
      });
      expect(duplicate.statusCode).toBe(409);
      const unknownAuthor = await as({
        method: "POST",
        url: "/cms/api/admin/articles",
        payload: { slug: "ghost-written", kind: "blog", authorId: "author-nobody" },
      });
      expect(unknownAuthor.statusCode).toBe(400);
      const bad = await as({
        method: "POST",
        url: "/cms/api/admin/articles",
        payload: { slug: "Not A Slug", kind: "blog", thumbnail: "javascript:alert(1)" },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.map((field: { path: string }) => field.path)).toEqual(
        expect.arrayContaining(["body.slug", "body.thumbnail"]),
      );
    });

    it("hostile markdown is published harmless", async () => {
      const as = clientFor(t, admin);
      const created = await as({
        method: "POST",
        url: "/cms/api/admin/articles",
        payload: {
          slug: "hostile",
          kind: "blog",
          title: "Hostile",
          body: '## Hi\n\n<script>alert("x")</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>',
        },
      });
      await as({ method: "POST", url: `/cms/api/admin/articles/${created.json().id}/publish` });
      const article = (await get("/cms/api/articles/hostile")).json();
      expect(article.bodyHtml).not.toMatch(/<script|<img|href="javascript/i);
      expect(article.bodyHtml).toContain("&lt;script&gt;");
      const preview = await as({
        method: "POST",
        url: "/cms/api/admin/preview",
        payload: { markdown: "[x](javascript:alert(1))" },
      });
      expect(preview.json().html).toBe("<p>[x](javascript:alert(1))</p>\n");
    });

    it("editing a published article's text sets 'Updated on'; publishing alone does not", async () => {
      const as = clientFor(t, admin);
      const input = { slug: "changing", kind: "guide" as const, title: "Changing", body: "One" };
      const created = (
        await as({ method: "POST", url: "/cms/api/admin/articles", payload: input })
      ).json();
      const published = (
        await as({ method: "POST", url: `/cms/api/admin/articles/${created.id}/publish` })
      ).json();
      expect((await get("/cms/api/articles/changing")).json().updatedAt).toBeNull();
      await as({
        method: "PUT",
        url: `/cms/api/admin/articles/${created.id}`,
        payload: { ...input, body: "Two", revision: published.revision },
      });
      expect((await get("/cms/api/articles/changing")).json().updatedAt).toEqual(
        expect.any(String),
      );
    });

    it("deleting an author leaves their articles without one (pages show 'Unknown Author')", async () => {
      const as = clientFor(t, admin);
      const author = (
        await as({
          method: "POST",
          url: "/cms/api/admin/authors",
          payload: { slug: "guest-writer", name: "Guest Writer" },
        })
      ).json();
      const article = (
        await as({
          method: "POST",
          url: "/cms/api/admin/articles",
          payload: { slug: "guest-post", kind: "blog", authorId: author.id, body: "Hello" },
        })
      ).json();
      await as({ method: "POST", url: `/cms/api/admin/articles/${article.id}/publish` });
      expect(
        (await as({ method: "DELETE", url: `/cms/api/admin/authors/${author.id}` })).statusCode,
      ).toBe(204);
      expect((await get("/cms/api/articles/guest-post")).json().author).toBeNull();
      expect(
        (await as({ method: "DELETE", url: `/cms/api/admin/authors/${author.id}` })).statusCode,
      ).toBe(404);
    });

    it("resource categories: the video entry's link can be changed and keeps its number", async () => {
      const as = clientFor(t, admin);
      const all = (
        await as({ method: "GET", url: "/cms/api/admin/resource-categories" })
      ).json() as {
        id: number;
        slug: string;
        revision: number;
        title: string;
      }[];
      const video = all.find((category) => category.slug.includes("video"));
      if (!video) throw new Error("no video category");
      const changed = await as({
        method: "PUT",
        url: `/cms/api/admin/resource-categories/${video.id}`,
        payload: {
          ...video,
          externalUrl: "https://videos.example/atrium",
          revision: video.revision,
        },
      });
      expect(changed.statusCode).toBe(200);
      const categories = (await get("/cms/api/categories")).json() as {
        slug: string;
        externalUrl: string;
      }[];
      expect(categories.find((category) => category.slug === video.slug)?.externalUrl).toBe(
        "https://videos.example/atrium",
      );
      const renumbered = await as({
        method: "PUT",
        url: `/cms/api/admin/resource-categories/${video.id}`,
        payload: { ...video, id: 99, revision: changed.json().revision },
      });
      expect(renumbered.statusCode).toBe(400);
    });

    it("every write moves the content revision on", async () => {
      const { createCmsRepo } = await import("../src/modules/cms/repo.js");
      const repo = createCmsRepo(t.context.database.db);
      const before = await repo.revision();
      await clientFor(t, admin)({ method: "POST", url: "/cms/api/admin/faqs", payload: faq });
      expect(await repo.revision()).toBe(before + 1);
    });
  });
});
