import {
  type CataloguePropId,
  createEmptySceneDocument,
  type SceneDocument,
  SceneDocumentSchema,
} from "@atrium/domain";
import type { DatabaseHandle } from "../../db/client.js";

// The premade spaces this build ships: families of real custom-space documents (walls with
// doors and windows, floors and ceilings in catalogue materials, furniture props). The
// premade photos (assets/premade-photos.ts) are drawn from these documents.

type Vec2 = [number, number];

export interface RoomPlan {
  width: number;
  depth: number;
  floor: string;
  walls: string;
  wallColor?: string;
  /** x positions of partition walls (with a door in each). */
  partitions?: number[];
  sky?: string;
  lighting?: "day" | "sunset" | "night" | "studio" | "gallery";
  props?: { propId: CataloguePropId; at: Vec2; turn?: number }[];
  /** A second level above the first, the same size. */
  upperLevel?: boolean;
  texts?: { content: string; at: [number, number, number]; turn?: number; color?: string }[];
}

function level(id: string, name: string, elevation: number, plan: RoomPlan, withDoor: boolean) {
  const { width: w, depth: d } = plan;
  const surface = { materialId: plan.walls, color: plan.wallColor ?? "#ffffff" };
  const outer = { materialId: "material-white-plaster", color: "#f2efe9" };
  const wall = (wallId: string, start: Vec2, end: Vec2, openings: object[] = []) => ({
    id: `${id}-${wallId}`,
    start,
    end,
    openings,
    left: surface,
    right: outer,
  });
  const windows = (length: number, prefix: string) =>
    Array.from({ length: Math.max(0, Math.floor((length - 2) / 5)) }, (_, index) => ({
      id: `${id}-${prefix}-w${index}`,
      kind: "window",
      offset: 1.5 + index * 5,
      width: 2,
      height: 1.4,
      sill: 1,
    }));
  const walls = [
    wall("south", [0, d], [w, d], windows(w, "s")),
    wall("east", [w, d], [w, 0], windows(d, "e")),
    wall("north", [w, 0], [0, 0]),
    wall(
      "west",
      [0, 0],
      [0, d],
      withDoor
        ? [{ id: `${id}-entrance`, kind: "door", offset: d / 2 - 0.8, width: 1.6, height: 2.4 }]
        : [],
    ),
    ...(plan.partitions ?? []).map((x, index) =>
      wall(
        `partition-${index}`,
        [x, 0],
        [x, d],
        [
          {
            id: `${id}-p${index}-door`,
            kind: "door",
            offset: d / 2 - 0.75,
            width: 1.5,
            height: 2.4,
          },
        ],
      ),
    ),
  ];
  return {
    id,
    name,
    elevation,
    walls,
    floor: {
      materialId: plan.floor,
      color: "#ffffff",
      outline: [
        [0, 0],
        [w, 0],
        [w, d],
        [0, d],
      ] as Vec2[],
    },
    ceiling: { materialId: null, color: "#ffffff", visible: true, height: 4 },
  };
}

/** A whole scene document from a plan: one or two levels, props and texts placed. */
export function roomDocument(plan: RoomPlan, idPrefix = "space"): SceneDocument {
  const levels = [level(`${idPrefix}-ground`, "Ground floor", 0, plan, true)];
  if (plan.upperLevel) levels.push(level(`${idPrefix}-upper`, "Upper floor", 4, plan, false));
  const groundId = levels[0]?.id as string;
  const document = {
    ...createEmptySceneDocument(),
    customSpace: {
      levels,
      materialOverrides: [],
      skyId: plan.sky ?? "sky-clear-day",
      terrainId: null,
      lighting: plan.lighting ?? "gallery",
    },
    startingPosition: [1.5, 0, plan.depth / 2] as [number, number, number],
    startingRotation: [0, -Math.PI / 2, 0] as [number, number, number],
    props: (plan.props ?? []).map((prop, index) => ({
      id: `${idPrefix}-prop-${index}`,
      title: "",
      description: "",
      position: [prop.at[0], 0, prop.at[1]] as [number, number, number],
      rotation: [0, prop.turn ?? 0, 0] as [number, number, number],
      scale: [1, 1, 1] as [number, number, number],
      levelId: groundId,
      locked: false,
      propId: prop.propId,
    })),
    texts3d: (plan.texts ?? []).map((text, index) => ({
      id: `${idPrefix}-text-${index}`,
      title: text.content.slice(0, 100),
      description: "",
      position: text.at,
      rotation: [0, text.turn ?? 0, 0] as [number, number, number],
      scale: [1, 1, 1] as [number, number, number],
      levelId: groundId,
      locked: false,
      assetId: null,
      text: { content: text.content, fontId: "font-inter", colorTint: text.color ?? "#222222" },
    })),
    fonts: plan.texts?.length ? ["font-inter"] : [],
  };
  return SceneDocumentSchema.parse(document);
}

interface FamilySpec {
  id: string;
  title: string;
  description: string;
  tier: "Standard" | "Premium";
  sizes: { size: string; price: number; plan: RoomPlan }[];
}

const benchesAlong = (width: number, depth: number): RoomPlan["props"] =>
  Array.from({ length: Math.max(1, Math.floor(width / 8)) }, (_, index) => ({
    propId: "prop-bench" as const,
    at: [4 + index * 8, depth / 2] as Vec2,
  }));

export const PREMADE_FAMILIES: FamilySpec[] = [
  {
    id: "family-white-gallery",
    title: "White Gallery",
    description: "A bright gallery with white plaster walls and oak floors, ready for pictures.",
    tier: "Standard",
    sizes: [12, 18, 24].map((width, index) => ({
      size: ["S", "M", "L"][index] as string,
      price: [300, 600, 900][index] as number,
      plan: {
        width,
        depth: Math.round(width * 0.6),
        floor: "material-oak-planks",
        walls: "material-white-plaster",
        partitions: width >= 18 ? [width / 2] : [],
        props: benchesAlong(width, Math.round(width * 0.6)),
      },
    })),
  },
  {
    id: "family-marble-museum",
    title: "Marble Museum",
    description: "Two floors of marble halls with plinths for sculptures and display cases.",
    tier: "Premium",
    sizes: [16, 24].map((width, index) => ({
      size: ["M", "L"][index] as string,
      price: [1200, 1800][index] as number,
      plan: {
        width,
        depth: 12,
        floor: "material-white-marble",
        walls: "material-warm-plaster",
        upperLevel: true,
        partitions: [width / 2],
        lighting: "gallery" as const,
        props: [
          { propId: "prop-sculpture-pedestal", at: [3, 4] },
          { propId: "prop-display-case", at: [5, 8] },
          { propId: "prop-plinth", at: [width - 3, 4] },
          { propId: "prop-rope-barrier", at: [width - 4, 8] },
        ],
      },
    })),
  },
  {
    id: "family-brick-showroom",
    title: "Brick Showroom",
    description: "An industrial showroom with brick walls and a concrete floor for products.",
    tier: "Standard",
    sizes: [14, 20].map((width, index) => ({
      size: ["S", "M"][index] as string,
      price: [400, 700][index] as number,
      plan: {
        width,
        depth: 10,
        floor: "material-concrete",
        walls: "material-red-brick",
        lighting: "day" as const,
        props: [
          { propId: "prop-reception-desk", at: [2.5, 2] },
          { propId: "prop-display-case", at: [width / 2, 5] },
          { propId: "prop-potted-plant", at: [width - 1, 1] },
        ],
      },
    })),
  },
  {
    id: "family-conference-hall",
    title: "Conference Hall",
    description: "A carpeted hall with a lectern and a screen for talks and live events.",
    tier: "Premium",
    sizes: [
      {
        size: "L",
        price: 1500,
        plan: {
          width: 20,
          depth: 14,
          floor: "material-blue-carpet",
          walls: "material-linen",
          lighting: "studio",
          props: [
            { propId: "prop-lectern", at: [18, 7], turn: -Math.PI / 2 },
            { propId: "prop-screen", at: [19.3, 7], turn: -Math.PI / 2 },
            ...[4, 6, 8, 10].flatMap((z) =>
              [8, 10, 12].map((x) => ({ propId: "prop-chair" as const, at: [x, z] as Vec2 })),
            ),
          ],
        },
      },
    ],
  },
];

/**
 * Inserts the premade families and templates this build ships, leaving rows that exist
 * (their photos, prices an operator changed). Returns how many templates were added.
 */
export async function ensurePremadeSpaces(database: DatabaseHandle): Promise<number> {
  return database.withExclusiveSession("atrium:premade-spaces", async (session) => {
    // every start asks which rows exist in one query; documents are made only for missing ones
    const templateId = (familyId: string, size: string) =>
      `${familyId.replace(/^family-/, "template-")}-${size.toLowerCase()}`;
    const existing = new Set(
      (
        await session.query<{ id: string }>(
          `SELECT id FROM space_template_families WHERE id = ANY($1::text[])
           UNION ALL SELECT id FROM space_templates WHERE id = ANY($2::text[])`,
          [
            PREMADE_FAMILIES.map((family) => family.id),
            PREMADE_FAMILIES.flatMap((family) =>
              family.sizes.map((size) => templateId(family.id, size.size)),
            ),
          ],
        )
      ).map((row) => row.id),
    );
    let added = 0;
    for (const [familyIndex, family] of PREMADE_FAMILIES.entries()) {
      const missing = family.sizes.some((size) => !existing.has(templateId(family.id, size.size)));
      if (existing.has(family.id) && !missing) continue;
      await session.query(
        `INSERT INTO space_template_families (id, title, description, tier, sort_order)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
        [family.id, family.title, family.description, family.tier, familyIndex],
      );
      for (const [index, size] of family.sizes.entries()) {
        const id = templateId(family.id, size.size);
        if (existing.has(id)) continue;
        const document = roomDocument(size.plan, id);
        const rows = await session.query<{ id: string }>(
          `INSERT INTO space_templates (id, family_id, title, size, tier, credit_price, rooms, document, sort_order)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9) ON CONFLICT (id) DO NOTHING RETURNING id`,
          [
            id,
            family.id,
            `${family.title} ${size.size}`,
            size.size,
            family.tier,
            size.price,
            1 + (size.plan.partitions?.length ?? 0),
            JSON.stringify(document),
            index,
          ],
        );
        added += rows.length;
      }
    }
    return added;
  });
}
