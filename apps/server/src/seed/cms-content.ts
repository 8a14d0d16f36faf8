import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  ArticleInputSchema,
  AuthorInputSchema,
  FaqInputSchema,
  GlossaryInputSchema,
  ResourceCategoryInputSchema,
  TimestampSchema,
} from "@atrium/domain";
import { z } from "zod";
import { slugify } from "../modules/cms/markdown.js";

// The content Atrium ships with, written for it and kept in the repository as markdown and
// YAML (seed/content). The CMS seeder loads it into the database once; from then on admins
// edit it there. Ids and dates come from the files, so every fresh database holds exactly the
// same entries (the build prerenders pages from them and checks they are still current).

const ArticleFileSchema = ArticleInputSchema.omit({ authorId: true, body: true }).extend({
  author: z.string().nullable().default(null),
  publishedAt: TimestampSchema,
  updatedAt: TimestampSchema.nullable().default(null),
});

const FaqFileSchema = FaqInputSchema.extend({ id: z.string().regex(/^[a-z0-9-]+$/) });

export interface CmsContent {
  authors: (z.output<typeof AuthorInputSchema> & { id: string })[];
  resourceCategories: z.output<typeof ResourceCategoryInputSchema>[];
  faqs: z.output<typeof FaqFileSchema>[];
  glossary: (z.output<typeof GlossaryInputSchema> & { id: string })[];
  articles: (z.output<typeof ArticleFileSchema> & { id: string; body: string })[];
  /** The instant the content was written, for entries without their own date. */
  publishedAt: Date;
}

/** seed/content beside this module in the sources, dist/content beside the bundle. */
export function defaultContentDirectory() {
  return fileURLToPath(new URL("./content", import.meta.url));
}

const CONTENT_DATE = new Date("2025-09-01T09:00:00.000Z");

export async function loadCmsContent(directory = defaultContentDirectory()): Promise<CmsContent> {
  // only a first start seeds: the parser is not loaded on every start
  const { parse: parseYaml } = await import("yaml");
  const yamlFile = async (name: string) =>
    parseYaml(await readFile(path.join(directory, name), "utf8")) as unknown;

  const authors = z
    .array(AuthorInputSchema)
    .parse(await yamlFile("authors.yaml"))
    .map((author) => ({ ...author, id: `author-${author.slug}` }));
  const resourceCategories = z
    .array(ResourceCategoryInputSchema)
    .parse(await yamlFile("resource-categories.yaml"));
  const faqs = z.array(FaqFileSchema).parse(await yamlFile("faqs.yaml"));
  const glossary = z
    .array(GlossaryInputSchema)
    .parse(await yamlFile("glossary.yaml"))
    .map((entry) => ({ ...entry, id: `term-${slugify(entry.term)}` }));

  const articleDirectory = path.join(directory, "articles");
  const files = (await readdir(articleDirectory)).filter((name) => name.endsWith(".md")).sort();
  const articles = await Promise.all(
    files.map(async (name) => {
      const source = await readFile(path.join(articleDirectory, name), "utf8");
      const { frontMatter, body } = splitFrontMatter(source, name, parseYaml);
      const parsed = ArticleFileSchema.safeParse(frontMatter);
      if (!parsed.success) {
        throw new Error(
          `${name}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
        );
      }
      if (`${parsed.data.slug}.md` !== name)
        throw new Error(`${name}: the slug must match the file name`);
      return { ...parsed.data, id: `article-${parsed.data.slug}`, body };
    }),
  );
  for (const article of articles) {
    if (article.author && !authors.some((author) => author.slug === article.author)) {
      throw new Error(`${article.slug}.md: unknown author ${article.author}`);
    }
  }
  return { authors, resourceCategories, faqs, glossary, articles, publishedAt: CONTENT_DATE };
}

export function splitFrontMatter(
  source: string,
  name: string,
  parseYaml: (text: string) => unknown,
): { frontMatter: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${name}: missing front matter between --- lines`);
  try {
    return { frontMatter: parseYaml(match[1] ?? ""), body: (match[2] ?? "").trim() };
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
