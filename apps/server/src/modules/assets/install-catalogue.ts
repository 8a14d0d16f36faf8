import { eq } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../../db/client.js";
import { appMeta } from "../../db/schema/index.js";
import type { FilesService } from "../files/service.js";
import { buildCatalogueInWorker } from "./catalogue/in-worker.js";
import { createAssetsRepo } from "./repo.js";

/** Raise when the catalogue gains entries: instances then add what is missing at start-up. */
export const CATALOGUE_VERSION = 2;
const MARKER = "builtin_catalogue";

/**
 * Installs the built-in catalogue (props, materials, skies, fonts, portal styles, themes,
 * licences) when this database does not have this version of it yet. It is product content,
 * not demo content: it is installed whatever SEED_DEMO says. Instances starting together take
 * turns; entries already present are kept as they are. `signal` stops it between two entries
 * (a shutdown does not wait for the whole catalogue).
 */
export async function ensureCatalogue(
  database: DatabaseHandle,
  files: FilesService,
  signal?: AbortSignal,
): Promise<number> {
  return database.withExclusiveSession("atrium:catalogue", async () => {
    const { db } = database;
    const marker = await db.select().from(appMeta).where(eq(appMeta.key, MARKER));
    if (
      Number((marker[0]?.value as { version?: number } | undefined)?.version ?? 0) >=
      CATALOGUE_VERSION
    )
      return 0;
    const installed = await installCatalogue(db, files, signal);
    // stopped half way (shutdown): the next start adds what is missing
    if (signal?.aborted) return installed;
    await db
      .insert(appMeta)
      .values({ key: MARKER, value: { version: CATALOGUE_VERSION, at: new Date().toISOString() } })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: { version: CATALOGUE_VERSION, at: new Date().toISOString() } },
      });
    return installed;
  });
}

async function installCatalogue(db: Database, files: FilesService, signal?: AbortSignal) {
  const repo = createAssetsRepo(db);
  const existing = await repo.catalogueIds();
  let installed = 0;
  for await (const entry of buildCatalogueInWorker({ skip: existing })) {
    if (signal?.aborted) break;
    const stored: string[] = [];
    const store = async (file: { name: string; contentType: string; bytes: Uint8Array } | null) => {
      if (!file) return null;
      const row = await files.storeStream({
        ownerId: null,
        purpose: `catalogue-${entry.kind}`,
        contentType: file.contentType,
        body: Buffer.from(file.bytes),
        maxBytes: file.bytes.length,
      });
      stored.push(row.id);
      return row.id;
    };
    try {
      const fileId = await store(entry.file);
      const thumbnailFileId = await store(entry.thumbnail);
      const extraFileIds: string[] = [];
      for (const extra of entry.extras) extraFileIds.push((await store(extra)) as string);
      await repo.insertCatalogueItem({
        id: entry.id,
        kind: entry.kind,
        title: entry.title,
        category: entry.category,
        sort: entry.sort,
        fileId,
        thumbnailFileId,
        extraFileIds,
        details: await entry.details({
          file: fileId,
          thumbnail: thumbnailFileId,
          extras: extraFileIds,
        }),
      });
      installed++;
    } catch (error) {
      await files.deleteFiles(stored);
      throw error;
    }
  }
  return installed;
}
