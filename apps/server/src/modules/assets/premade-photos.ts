import { createHash } from "node:crypto";
import { type CustomSpace, CustomSpaceSchema } from "@atrium/domain";
import type { DatabaseHandle, SqlSession } from "../../db/client.js";
import { loadSharp } from "../../infra/packages.js";
import { type FilesService, fileUrl } from "../files/service.js";
import { MATERIAL_RECIPES } from "./catalogue/materials.js";
import { axonometricSvg } from "./render/axonometric.js";

// Cover photos and galleries of the premade spaces, drawn from their own scene documents
// (axonometric views of the real walls, floors, doors and windows, in their finishes' colours,
// and the plan from above). A template is drawn again when its document changes; the drawings
// it replaces are deleted.

const MARKER = "premade_photos";

interface TemplateRow {
  id: string;
  family_id: string;
  document: { customSpace?: unknown };
  cover_photo: string | null;
  sort_order: number;
}

/** The mean colour of each catalogue material, painted small from its recipe. */
export function materialColours() {
  const colours = new Map<string, string>();
  const size = 24;
  for (const recipe of MATERIAL_RECIPES) {
    let r = 0;
    let g = 0;
    let b = 0;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const { color } = recipe.paint(x / size, y / size);
        r += color[0];
        g += color[1];
        b += color[2];
      }
    }
    const hex = (value: number) =>
      Math.round(Math.max(0, Math.min(1, value / (size * size))) * 255)
        .toString(16)
        .padStart(2, "0");
    colours.set(recipe.id, `#${hex(r)}${hex(g)}${hex(b)}`);
  }
  return colours;
}

const VIEWS = [
  { azimuth: 35, elevation: 32, width: 1280, height: 800 },
  { azimuth: 125, elevation: 32, width: 1280, height: 800 },
  { azimuth: 215, elevation: 40, width: 1280, height: 800 },
  { azimuth: 0, elevation: 90, width: 1000, height: 1000 },
] as const;

async function drawViews(space: CustomSpace, colours: Map<string, string>) {
  const sharp = await loadSharp();
  const colorOf = (materialId: string | null, color: string) =>
    materialId ? (colours.get(materialId) ?? color) : color;
  const images: Buffer[] = [];
  for (const view of VIEWS) {
    const svg = axonometricSvg(space, { ...view, colorOf });
    images.push(await sharp(Buffer.from(svg)).png().toBuffer());
  }
  return images;
}

/**
 * Draws the photos of premade spaces that have none or whose document changed. Returns how
 * many templates were drawn. Does nothing until the premade spaces exist.
 */
export async function ensurePremadePhotos(
  database: DatabaseHandle,
  files: FilesService,
  signal?: AbortSignal,
): Promise<number> {
  return database.withExclusiveSession("atrium:premade-photos", async (session) => {
    const [exists] = await session.query<{ found: string | null }>(
      "SELECT to_regclass('space_templates')::text AS found",
    );
    if (!exists?.found) return 0;
    const [marker] = await session.query<{
      value: Record<string, { hash: string; files: string[] }>;
    }>("SELECT value FROM app_meta WHERE key = $1", [MARKER]);
    const drawn = { ...(marker?.value ?? {}) };
    const templates = await session.query<TemplateRow>(
      "SELECT id, family_id, document, cover_photo, sort_order FROM space_templates ORDER BY family_id, sort_order, id",
    );
    const colours = materialColours();
    let count = 0;
    for (const template of templates) {
      if (signal?.aborted) break;
      const hash = createHash("sha256").update(JSON.stringify(template.document)).digest("hex");
      const previous = drawn[template.id];
      if (previous && previous.hash === hash && template.cover_photo) continue;
      const parsed = CustomSpaceSchema.safeParse(template.document.customSpace);
      if (!parsed.success) continue;
      const stored: string[] = [];
      try {
        for (const image of await drawViews(parsed.data, colours)) {
          const row = await files.storeImage({
            ownerId: null,
            purpose: "premade-photo",
            data: image,
            maxWidth: 1600,
            maxHeight: 1600,
          });
          stored.push(row.id);
        }
        await session.query(
          "UPDATE space_templates SET cover_photo = $2, photo_gallery = $3 WHERE id = $1",
          [template.id, fileUrl(stored[0] as string), stored.map(fileUrl)],
        );
      } catch (error) {
        await files.deleteFiles(stored);
        throw error;
      }
      if (previous) await files.deleteFiles(previous.files);
      drawn[template.id] = { hash, files: stored };
      count++;
      await saveMarker(session, drawn);
    }
    // a family shows its first template's cover, and every template's cover in its gallery
    await session.query(`
      UPDATE space_template_families f SET
        cover_photo = (SELECT t.cover_photo FROM space_templates t WHERE t.family_id = f.id AND t.cover_photo IS NOT NULL ORDER BY t.sort_order, t.id LIMIT 1),
        photo_gallery = coalesce((SELECT array_agg(t.cover_photo ORDER BY t.sort_order, t.id) FROM space_templates t WHERE t.family_id = f.id AND t.cover_photo IS NOT NULL), '{}')
    `);
    return count;
  });
}

async function saveMarker(
  session: SqlSession,
  value: Record<string, { hash: string; files: string[] }>,
) {
  await session.query(
    "INSERT INTO app_meta (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
    [MARKER, JSON.stringify(value)],
  );
}
