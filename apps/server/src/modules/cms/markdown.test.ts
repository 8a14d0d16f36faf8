import { describe, expect, it } from "vitest";
import { renderMarkdown, slugify } from "./markdown";

describe("markdown rendering", () => {
  it("renders an article with heading ids and a table of contents", async () => {
    const { html, toc, readingMinutes } = await renderMarkdown(
      "Intro text.\n\n## Create your space\n\nBody.\n\n### Walls & doors\n\nMore.\n\n## Create your space\n",
    );
    expect(html).toContain('<h2 id="create-your-space">Create your space</h2>');
    expect(html).toContain('<h3 id="walls-doors">Walls &amp; doors</h3>');
    expect(html).toContain('<h2 id="create-your-space-2">');
    expect(toc).toEqual([
      { id: "create-your-space", title: "Create your space", level: 2 },
      { id: "walls-doors", title: "Walls & doors", level: 3 },
      { id: "create-your-space-2", title: "Create your space", level: 2 },
    ]);
    expect(readingMinutes).toBe(1);
  });

  it("keeps the page's h1 to itself: a body h1 becomes an h2", async () => {
    const { html, toc } = await renderMarkdown("# Big\n\n##### Tiny");
    expect(html).toContain('<h2 id="big">Big</h2>');
    expect(html).toContain('<h4 id="tiny">Tiny</h4>');
    expect(toc.map((entry) => entry.level)).toEqual([2, 4]);
  });

  it("opens outside links in a new tab without handing over the page", async () => {
    const { html } = await renderMarkdown("[Atrium](https://example.com) and [pricing](/pricing)");
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">Atrium</a>',
    );
    expect(html).toContain('<a href="/pricing">pricing</a>');
  });

  it("renders tables, lists, code and images (lazily loaded)", async () => {
    const { html } = await renderMarkdown(
      "| a | b |\n|:-|-:|\n| 1 | 2 |\n\n- one\n- two\n\n`code`\n\n![A room](/illustrations/room.svg)",
    );
    expect(html).toContain('<th style="text-align:left">a</th>');
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain('<img src="/illustrations/room.svg" alt="A room" loading="lazy"');
  });
});

describe("markdown with hostile content comes out harmless", () => {
  const cases: [string, string][] = [
    ["a script tag", "<script>alert(1)</script>"],
    ["an inline event handler", '<img src=x onerror="alert(1)">'],
    ["a javascript: link", "[click](javascript:alert(1))"],
    ["a mixed-case javascript: link", "[click](JaVaScRiPt:alert(1))"],
    ["an entity-encoded javascript: link", "[click](&#106;avascript:alert(1))"],
    ["a javascript: link with a tab", "[click](java\tscript:alert(1))"],
    ["a javascript: autolink", "<javascript:alert(1)>"],
    ["a reference-style javascript: link", "[click][x]\n\n[x]: javascript:alert(1)"],
    ["a javascript: image", "![x](javascript:alert(1))"],
    ["a data: link", "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["a vbscript: link", "[click](vbscript:msgbox(1))"],
    ["an iframe", '<iframe src="https://evil.example"></iframe>'],
    ["a style tag", "<style>body{display:none}</style>"],
    ["an svg with script", "<svg><script>alert(1)</script></svg>"],
    ["a raw anchor", '<a href="javascript:alert(1)">x</a>'],
  ];

  it.each(cases)("%s", async (_name, source) => {
    const { html } = await renderMarkdown(source);
    // as text, "&lt;script&gt;" is harmless; what must never appear is a live tag or attribute
    expect(html).not.toMatch(/<(?:script|iframe|style|svg)/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+=/i);
    for (const [, url] of html.matchAll(/(?:href|src)="([^"]*)"/g)) {
      expect(url).toMatch(/^(?:https?:|mailto:|\/)/);
    }
  });

  it("shows the hostile text to the reader rather than dropping it silently", async () => {
    expect((await renderMarkdown("<script>alert(1)</script>")).html).toContain(
      "&lt;script&gt;alert(1)&lt;/script&gt;",
    );
  });
});

describe("slugify", () => {
  it("makes readable ASCII ids", async () => {
    expect(slugify("Publish & Share")).toBe("publish-share");
    expect(slugify("Café Müller's Room")).toBe("cafe-muller-s-room");
    expect(slugify("  ")).toBe("");
  });
});
