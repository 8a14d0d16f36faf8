import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import {
  type AssetRow,
  assets,
  type CatalogueItemRow,
  catalogueItems,
  districtLibrary,
  users,
} from "../../db/schema/index.js";

export type AssetFamily = AssetRow["family"];
export type NewAsset = typeof assets.$inferInsert;
export type NewCatalogueItem = typeof catalogueItems.$inferInsert;

export interface AssetWithCreator {
  asset: AssetRow;
  creator: { userId: string; name: string; profilePictureFileId: string | null };
}

export function createAssetsRepo(db: Database) {
  const withCreator = () =>
    db
      .select({
        asset: assets,
        creator: {
          userId: users.id,
          name: users.name,
          profilePictureFileId: users.profilePictureFileId,
        },
      })
      .from(assets)
      .innerJoin(users, eq(users.id, assets.ownerId));

  return {
    /**
     * Inserts an asset unless it would take the owner past `quotaBytes`; the check and the
     * insert hold a per-owner lock, so two uploads at once cannot both slip under the quota.
     */
    async insertWithinQuota(asset: NewAsset & { bytes: number }, quotaBytes: number) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`assets:${asset.ownerId}`}))`);
        const [usage] = await tx
          .select({ used: sql<number>`coalesce(sum(${assets.bytes}), 0)::bigint` })
          .from(assets)
          .where(eq(assets.ownerId, asset.ownerId));
        const used = Number(usage?.used ?? 0);
        if (used + asset.bytes > quotaBytes) return { inserted: null, used };
        const [row] = await tx.insert(assets).values(asset).returning();
        return { inserted: row as AssetRow, used };
      });
    },

    async usedBytes(ownerId: string) {
      const [row] = await db
        .select({ used: sql<number>`coalesce(sum(${assets.bytes}), 0)::bigint` })
        .from(assets)
        .where(eq(assets.ownerId, ownerId));
      return Number(row?.used ?? 0);
    },

    async find(id: string): Promise<AssetWithCreator | null> {
      const rows = await withCreator().where(eq(assets.id, id));
      return rows[0] ?? null;
    },

    /** The assets among `ids` that exist, in one query (in no particular order). */
    async findMany(ids: readonly string[]): Promise<AssetWithCreator[]> {
      if (ids.length === 0) return [];
      return withCreator().where(inArray(assets.id, [...ids]));
    },

    async list(filter: {
      ownerId: string;
      family: AssetFamily;
      hyperText?: boolean | undefined;
      onlyPublic: boolean;
      offset: number;
      limit: number;
    }): Promise<AssetWithCreator[]> {
      const conditions = [eq(assets.ownerId, filter.ownerId), eq(assets.family, filter.family)];
      if (filter.hyperText !== undefined) conditions.push(eq(assets.hyperText, filter.hyperText));
      if (filter.onlyPublic) conditions.push(eq(assets.public, true));
      return withCreator()
        .where(and(...conditions))
        .orderBy(desc(assets.updatedAt), desc(assets.id))
        .offset(filter.offset)
        .limit(filter.limit);
    },

    /** A district's library (items shared into it), newest shared first. */
    async listInDistrict(filter: {
      districtId: string;
      family: AssetFamily;
      hyperText?: boolean | undefined;
      offset: number;
      limit: number;
    }): Promise<AssetWithCreator[]> {
      const conditions = [
        eq(districtLibrary.districtId, filter.districtId),
        eq(assets.family, filter.family),
      ];
      if (filter.hyperText !== undefined) conditions.push(eq(assets.hyperText, filter.hyperText));
      return withCreator()
        .innerJoin(districtLibrary, eq(districtLibrary.assetId, assets.id))
        .where(and(...conditions))
        .orderBy(desc(districtLibrary.createdAt), desc(assets.id))
        .offset(filter.offset)
        .limit(filter.limit);
    },

    async shareToDistrict(districtId: string, assetId: string, userId: string) {
      await db
        .insert(districtLibrary)
        .values({ districtId, assetId, addedBy: userId })
        .onConflictDoNothing();
    },

    async unshareFromDistrict(districtId: string, assetId: string) {
      const rows = await db
        .delete(districtLibrary)
        .where(
          and(eq(districtLibrary.districtId, districtId), eq(districtLibrary.assetId, assetId)),
        )
        .returning({ assetId: districtLibrary.assetId });
      return rows.length > 0;
    },

    async listPublic(
      family: AssetFamily,
      offset: number,
      limit: number,
    ): Promise<AssetWithCreator[]> {
      return withCreator()
        .where(and(eq(assets.family, family), eq(assets.public, true)))
        .orderBy(desc(assets.updatedAt), desc(assets.id))
        .offset(offset)
        .limit(limit);
    },

    async update(id: string, changes: Partial<NewAsset>) {
      const [row] = await db
        .update(assets)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(assets.id, id))
        .returning();
      return row ?? null;
    },

    /** Adds keys to an asset's details without touching `updatedAt` (facts read later, e.g. clip names). */
    async mergeDetails(id: string, patch: Record<string, unknown>) {
      await db
        .update(assets)
        .set({ details: sql`${assets.details} || ${JSON.stringify(patch)}::jsonb` })
        .where(eq(assets.id, id));
    },

    async delete(id: string) {
      await db.delete(assets).where(eq(assets.id, id));
    },

    async catalogue(
      kind: CatalogueItemRow["kind"],
      category?: string,
    ): Promise<CatalogueItemRow[]> {
      const conditions = [eq(catalogueItems.kind, kind)];
      if (category) conditions.push(eq(catalogueItems.category, category));
      return db
        .select()
        .from(catalogueItems)
        .where(and(...conditions))
        .orderBy(asc(catalogueItems.sort), asc(catalogueItems.id));
    },

    async catalogueItem(
      kind: CatalogueItemRow["kind"],
      id: string,
    ): Promise<CatalogueItemRow | null> {
      const rows = await db
        .select()
        .from(catalogueItems)
        .where(and(eq(catalogueItems.kind, kind), eq(catalogueItems.id, id)));
      return rows[0] ?? null;
    },

    async catalogueIds(): Promise<Set<string>> {
      const rows = await db.select({ id: catalogueItems.id }).from(catalogueItems);
      return new Set(rows.map((row) => row.id));
    },

    async insertCatalogueItem(item: NewCatalogueItem) {
      await db.insert(catalogueItems).values(item).onConflictDoNothing();
    },

    async catalogueExists(ids: string[]) {
      if (ids.length === 0) return new Set<string>();
      const rows = await db
        .select({ id: catalogueItems.id })
        .from(catalogueItems)
        .where(inArray(catalogueItems.id, ids));
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type AssetsRepo = ReturnType<typeof createAssetsRepo>;
