import { districtTitleKey, subdomainKey } from "@atrium/domain";
import { sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { createDistrictsRepo } from "../modules/districts/repo.js";
import { query } from "../modules/scenes/rows.js";
import type { Seeder } from "./index.js";

// A demo district for an empty database, so that a new installation shows what a district is:
// Studio Nord's, on `studio-nord.{base domain}` (studio-nord.localhost in development), with
// the studio's two published spaces, a theme colour, Maya Chen as a creator and Leo Park as a
// guest, a group, and its first space's cover as its cover. Runs after the spaces seeder (it
// moves that seeder's spaces in).

export const DEMO_DISTRICT = {
  id: "demo-district-studio-nord",
  ownerId: "demo-studio-nord",
  title: "Studio Nord",
  subdomain: "studio-nord",
  subtitle: "Virtual events and trade fair booths",
  description:
    "The spaces Studio Nord builds for conferences, fairs and museums, in one place. Walk through a booth before the fair opens, or revisit an exhibition after it closes.",
  styles: { theme: "#0f766e" },
  members: [
    { userId: "demo-maya-chen", role: "Creator" },
    { userId: "demo-leo-park", role: "Guest" },
  ],
  group: { id: "demo-group-studio-nord-partners", title: "Event partners" },
} as const;

export const districtsSeeder: Seeder = {
  name: "districts",
  async run(context: AppContext) {
    const { db } = context.database;
    const repo = createDistrictsRepo(db);
    const district = DEMO_DISTRICT;
    const owner = await query<{ id: string }>(
      db,
      sql`SELECT id FROM users WHERE id = ${district.ownerId}`,
    );
    const template = await query<{ id: string }>(
      db,
      sql`SELECT id FROM space_templates ORDER BY sort_order, id LIMIT 1`,
    );
    // without the demo creators or a premade space (a trimmed seed in tests) there is no district
    if (owner.length === 0 || !template[0]) return;
    await db.transaction(async (tx) => {
      await repo.insertDistrict(tx, {
        id: district.id,
        ownerId: district.ownerId,
        title: district.title,
        titleKey: districtTitleKey(district.title),
        subdomain: subdomainKey(district.subdomain),
        public: true,
        visible: true,
        listed: true,
        freeSpaceTemplateId: template[0]?.id as string,
      });
      await query(
        tx,
        sql`UPDATE districts SET subtitle = ${district.subtitle}, description = ${district.description},
          styles = ${JSON.stringify(district.styles)}::jsonb,
          cover_photo = (SELECT cover_photo_uri FROM scenes WHERE owner_id = ${district.ownerId}
            ORDER BY id LIMIT 1)
          WHERE id = ${district.id}`,
      );
      for (const member of district.members)
        await repo.addMember(tx, district.id, member.userId, member.role);
      // the studio's published spaces belong to the district, in district slots
      await query(
        tx,
        sql`UPDATE scenes SET district_id = ${district.id}, district_subdomain = ${district.subdomain}
          WHERE owner_id = ${district.ownerId}`,
      );
      await query(
        tx,
        sql`UPDATE space_slots SET kind = 'district', district_id = ${district.id},
          district_subdomain = ${district.subdomain}
          WHERE owner_id = ${district.ownerId} AND scene_id IS NOT NULL`,
      );
    });
    await repo.saveGroup(
      {
        id: district.group.id,
        districtId: district.id,
        ownerId: district.ownerId,
        title: district.group.title,
        description: "Partners who build booths with the studio",
        image: null,
      },
      ["demo-maya-chen"],
      true,
    );
  },
};
