import { eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { appMeta } from "../db/schema/index.js";
import { cmsSeeder } from "./cms.js";
import { districtsSeeder } from "./districts.js";
import { spacesSeeder } from "./spaces.js";

/** A context's demo content. Seeders run in order, once, on an empty database. */
export interface Seeder {
  name: string;
  run(context: AppContext): Promise<void>;
}

const SEED_MARKER = "demo_content_seeded";

/**
 * Seeds demo content once per database: the marker in app_meta records it, so a
 * restart (or a second instance) never seeds twice and deleted demo content stays
 * deleted. Returns whether it seeded now.
 */
export async function seedDemoContent(
  context: AppContext,
  seeders: readonly Seeder[] = defaultSeeders,
): Promise<boolean> {
  return context.database.withExclusiveSession("atrium:seed", async () => {
    const { db } = context.database;
    const marker = await db.select().from(appMeta).where(eq(appMeta.key, SEED_MARKER));
    if (marker.length > 0) return false;
    for (const seeder of seeders) await seeder.run(context);
    await db.insert(appMeta).values({
      key: SEED_MARKER,
      value: { at: new Date().toISOString(), seeders: seeders.map((s) => s.name) },
    });
    return true;
  });
}

/** Each bounded context adds its seeder here as it lands (accounts, catalogue, spaces, cms...). */
export const defaultSeeders: readonly Seeder[] = [cmsSeeder, spacesSeeder, districtsSeeder];
