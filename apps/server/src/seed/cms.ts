import type { AppContext } from "../context.js";
import { createCmsRepo } from "../modules/cms/repo.js";
import { loadCmsContent } from "./cms-content.js";
import type { Seeder } from "./index.js";

/** Atrium's own content: authors, resource categories, FAQs, glossary, guides, blog, legal. */
export const cmsSeeder: Seeder = {
  name: "cms",
  async run(context: AppContext) {
    const content = await loadCmsContent();
    const repo = createCmsRepo(context.database.db);
    const published = { published: true, publishedAt: content.publishedAt };
    for (const author of content.authors) await repo.insertAuthor(author);
    for (const category of content.resourceCategories) await repo.insertResourceCategory(category);
    for (const faq of content.faqs) await repo.insertFaq({ ...faq, ...published });
    for (const term of content.glossary) await repo.insertGlossaryTerm({ ...term, ...published });
    for (const { author, publishedAt, updatedAt, ...article } of content.articles) {
      await repo.insertArticle({
        ...article,
        authorId: author ? `author-${author}` : null,
        published: true,
        publishedAt: new Date(publishedAt),
        contentUpdatedAt: updatedAt ? new Date(updatedAt) : null,
      });
    }
  },
};
