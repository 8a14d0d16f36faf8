import { readingMinutes, type TocEntry } from "@atrium/domain";
import type { default as MarkdownIt } from "markdown-it";
import type sanitizeHtml from "sanitize-html";

// Markdown is stored as written and turned into HTML here, on the server, so the browser never
// ships a markdown parser. Two layers keep it harmless: markdown-it runs with raw HTML off (a
// <script> in the source comes out as text) and refuses javascript:, vbscript: and file: links;
// sanitize-html then lets through only the tags, attributes and URL schemes an article needs.

export interface RenderedMarkdown {
  html: string;
  toc: TocEntry[];
  readingMinutes: number;
}

/** Bump when the output changes, so cached renderings are not reused. */
export const RENDERER_VERSION = 1;

// loaded on first use, not at start-up: the server answers its first request sooner
let renderer: Promise<{
  markdown: InstanceType<typeof MarkdownIt>;
  sanitize: typeof sanitizeHtml;
}> | null = null;
function loadRenderer() {
  renderer ??= (async () => {
    const markdownIt = await import("markdown-it");
    const sanitize = await import("sanitize-html");
    return {
      markdown: new markdownIt.default({ html: false, linkify: true, typographer: true }),
      sanitize: sanitize.default,
    };
  })().catch((error: unknown) => {
    renderer = null;
    throw error;
  });
  return renderer;
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "s",
    "code",
    "pre",
    "blockquote",
    "hr",
    "br",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "loading", "decoding"],
    h2: ["id"],
    h3: ["id"],
    h4: ["id"],
    th: ["style"],
    td: ["style"],
    code: ["class"],
    ol: ["start"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedStyles: { "*": { "text-align": [/^(?:left|right|center)$/] } },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
};

/** Markdown (untrusted: written by admins, but never trusted to be HTML) to safe HTML. */
export async function renderMarkdown(source: string): Promise<RenderedMarkdown> {
  const { markdown, sanitize } = await loadRenderer();
  const env: { toc: TocEntry[] } = { toc: [] };
  const tokens = markdown.parse(source, env);
  const usedIds = new Set<string>();

  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (!token) continue;
    if (token.type === "heading_open" || token.type === "heading_close") {
      // the page's title is the only h1; body headings start at h2
      const level = Math.min(4, Math.max(2, Number(token.tag.slice(1))));
      token.tag = `h${level}`;
      if (token.type === "heading_close") continue;
      const title = (tokens[index + 1]?.children ?? [])
        .filter((child) => child.type === "text" || child.type === "code_inline")
        .map((child) => child.content)
        .join("")
        .trim();
      const id = uniqueId(slugify(title) || "section", usedIds);
      token.attrSet("id", id);
      env.toc.push({ id, title, level });
    }
    for (const child of token.children ?? []) {
      if (child.type === "link_open") {
        const href = String(child.attrGet("href") ?? "");
        if (/^https?:\/\//i.test(href)) {
          child.attrSet("target", "_blank");
          child.attrSet("rel", "noopener noreferrer");
        }
      } else if (child.type === "image") {
        child.attrSet("loading", "lazy");
        child.attrSet("decoding", "async");
      }
    }
  }

  const html = sanitize(markdown.renderer.render(tokens, markdown.options, env), SANITIZE_OPTIONS);
  return { html, toc: env.toc, readingMinutes: readingMinutes(source) };
}

/** Lowercase ASCII words joined by hyphens: "Add content & paths" -> "add-content-paths". */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

function uniqueId(base: string, used: Set<string>): string {
  let candidate = base;
  for (let n = 2; used.has(candidate); n++) candidate = `${base}-${n}`;
  used.add(candidate);
  return candidate;
}
