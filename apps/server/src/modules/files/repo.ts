import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { type FileRow, files } from "../../db/schema/index.js";

export function createFilesRepo(db: Database) {
  return {
    async insert(file: typeof files.$inferInsert): Promise<FileRow> {
      const rows = await db.insert(files).values(file).returning();
      return rows[0]!;
    },
    async findById(id: string): Promise<FileRow | null> {
      const rows = await db.select().from(files).where(eq(files.id, id));
      return rows[0] ?? null;
    },
    async findByOwner(ownerId: string): Promise<FileRow[]> {
      return db.select().from(files).where(eq(files.ownerId, ownerId));
    },
    async deleteByIds(ids: string[]) {
      if (ids.length) await db.delete(files).where(inArray(files.id, ids));
    },
  };
}

export type FilesRepo = ReturnType<typeof createFilesRepo>;
