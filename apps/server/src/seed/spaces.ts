import { readFile } from "node:fs/promises";
import {
  type ImageSize,
  pictureScaleForWidth,
  type SceneDocument,
  SceneDocumentSchema,
} from "@atrium/domain";
import type { AppContext } from "../context.js";
import { loadSharp } from "../infra/packages.js";
import { placeholderThumbnail } from "../modules/assets/placeholder-thumbnail.js";
import { materialColours } from "../modules/assets/premade-photos.js";
import { axonometricSvg } from "../modules/assets/render/axonometric.js";
import { createFilesRepo } from "../modules/files/repo.js";
import { createFilesService, type FilesService, fileUrl } from "../modules/files/service.js";
import { type RoomPlan, roomDocument } from "../modules/scenes/premade-content.js";
import type { Seeder } from "./index.js";

// Demo content for an empty database: a few creators with published spaces (real documents:
// walls with doors and windows in catalogue materials, catalogue props, 3D texts, and pictures
// from the creators' own libraries), so a new user's explore page is not empty. The demo
// creators have no password: nobody signs in as them. Their spaces sit in purchased slots, which
// never expire.

interface DemoSpace {
  title: string;
  description: string;
  tags: string[];
  plan: RoomPlan;
  palette: [string, string, string];
  likes: number;
  views: number;
  /** Models from the creator's library (built from the catalogue's recipes), on the floor. */
  models?: { recipe: string; title: string; at: [number, number]; turn?: number; size?: number }[];
  /** A guided tour whose stops each play a short chime from the creator's audio. */
  tour?: {
    title: string;
    stops: { title: string; description: string; at: [number, number]; look: [number, number] }[];
  };
  /** A portal to another demo space (its scene id), standing on the floor. */
  portal?: { to: string; title: string; at: [number, number]; turn: number };
}

interface DemoCreator {
  slug: string;
  name: string;
  bio: string;
  occupation: string;
  spaces: DemoSpace[];
}

const DEMO_CREATORS: DemoCreator[] = [
  {
    slug: "maya-chen",
    name: "Maya Chen",
    bio: "Curator of contemporary art. I build small shows for artists who are just starting out.",
    occupation: "Curator",
    spaces: [
      {
        title: "Colour Fields: a small abstract show",
        description: "Abstract canvases in a quiet white gallery. Walk slowly.",
        tags: ["art", "abstract", "gallery"],
        palette: ["#e4572e", "#29335c", "#f3a712"],
        likes: 128,
        views: 2450,
        plan: {
          width: 18,
          depth: 11,
          floor: "material-oak-planks",
          walls: "material-white-plaster",
          partitions: [9],
          lighting: "gallery",
          props: [
            { propId: "prop-bench", at: [4.5, 5.5] },
            { propId: "prop-bench", at: [13.5, 5.5] },
            { propId: "prop-potted-plant", at: [0.8, 0.8] },
          ],
          texts: [{ content: "Colour Fields", at: [8.8, 2.8, 2.2], turn: -Math.PI / 2 }],
        },
        portal: {
          to: "demo-space-maya-chen-2",
          title: "To the Sculpture Hall",
          at: [16.6, 8.6],
          turn: -Math.PI / 2,
        },
      },
      {
        title: "Sculpture Hall",
        description: "Marble floors, pedestals and a mezzanine: a hall for sculpture.",
        tags: ["sculpture", "museum"],
        palette: ["#6d597a", "#b56576", "#eaac8b"],
        likes: 64,
        views: 980,
        plan: {
          width: 16,
          depth: 12,
          floor: "material-white-marble",
          walls: "material-warm-plaster",
          upperLevel: true,
          lighting: "gallery",
          props: [
            { propId: "prop-sculpture-pedestal", at: [4, 4] },
            { propId: "prop-sculpture-pedestal", at: [8, 4] },
            { propId: "prop-sculpture-pedestal", at: [12, 4] },
            { propId: "prop-rope-barrier", at: [8, 7] },
          ],
        },
        models: [
          { recipe: "prop-vase", title: "Amphora, glazed", at: [4, 8.5], size: 1.3 },
          { recipe: "prop-vase", title: "Amphora, small", at: [12, 8.5], size: 0.9 },
        ],
        portal: {
          to: "demo-space-maya-chen-1",
          title: "Back to Colour Fields",
          at: [14.6, 9],
          turn: -Math.PI / 2,
        },
      },
    ],
  },
  {
    slug: "leo-park",
    name: "Leo Park",
    bio: "Architect. I sketch spaces before they are built, and some that never will be.",
    occupation: "Architect",
    spaces: [
      {
        title: "Brick Loft Showroom",
        description:
          "An industrial loft with brick walls and concrete floors for a furniture launch.",
        tags: ["retail", "showroom", "furniture"],
        palette: ["#2a9d8f", "#e9c46a", "#264653"],
        likes: 342,
        views: 5120,
        plan: {
          width: 20,
          depth: 10,
          floor: "material-concrete",
          walls: "material-red-brick",
          lighting: "day",
          props: [
            { propId: "prop-sofa", at: [5, 5] },
            { propId: "prop-coffee-table", at: [5, 6.5] },
            { propId: "prop-armchair", at: [8, 6], turn: -Math.PI / 4 },
            { propId: "prop-floor-lamp", at: [2.5, 4] },
            { propId: "prop-dining-table", at: [14, 5] },
            { propId: "prop-chair", at: [13, 4] },
            { propId: "prop-chair", at: [15, 4] },
            { propId: "prop-tall-plant", at: [19, 1] },
          ],
          texts: [{ content: "New collection", at: [10, 3, 0.3], color: "#f4f1ea" }],
        },
        models: [
          { recipe: "prop-armchair", title: "Oslo armchair", at: [10, 6.5], turn: -0.5 },
          { recipe: "prop-floor-lamp", title: "Arc floor lamp", at: [11.5, 5.5] },
          { recipe: "prop-round-side-table", title: "Round side table", at: [8.8, 7.6] },
          { recipe: "prop-stool", title: "Bar stool", at: [17, 7.5] },
        ],
      },
      {
        title: "Terracotta Courtyard Studio",
        description: "A warm studio of terracotta tiles, plants and soft evening light.",
        tags: ["architecture", "studio"],
        palette: ["#bc6c25", "#dda15e", "#606c38"],
        likes: 45,
        views: 610,
        plan: {
          width: 12,
          depth: 12,
          floor: "material-terracotta-tiles",
          walls: "material-warm-plaster",
          lighting: "sunset",
          sky: "sky-sunset",
          props: [
            { propId: "prop-planter-box", at: [2, 2] },
            { propId: "prop-planter-box", at: [10, 2] },
            { propId: "prop-round-side-table", at: [6, 6] },
            { propId: "prop-stool", at: [5, 6] },
            { propId: "prop-stool", at: [7, 6] },
          ],
        },
      },
    ],
  },
  {
    slug: "studio-nord",
    name: "Studio Nord",
    bio: "A design studio making virtual events and trade fair booths.",
    occupation: "Design studio",
    spaces: [
      {
        title: "Northern Lights Conference",
        description:
          "Our yearly conference hall: talks on the main stage, posters along the walls.",
        tags: ["events", "conference", "corporate"],
        palette: ["#3a86ff", "#8338ec", "#ff006e"],
        likes: 211,
        views: 3870,
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
              [9, 11, 13].map((x) => ({
                propId: "prop-chair" as const,
                at: [x, z] as [number, number],
                turn: -Math.PI / 2,
              })),
            ),
            { propId: "prop-info-kiosk", at: [2, 2] },
          ],
          texts: [{ content: "Welcome to Northern Lights", at: [10, 3.2, 0.3], color: "#1c2a4a" }],
        },
      },
      {
        title: "Museum of Everyday Objects",
        description: "Display cases of ordinary things, lit like treasures.",
        tags: ["museum", "design"],
        palette: ["#588157", "#a3b18a", "#344e41"],
        likes: 87,
        views: 1330,
        plan: {
          width: 16,
          depth: 10,
          floor: "material-terrazzo",
          walls: "material-white-plaster",
          partitions: [8],
          lighting: "gallery",
          props: [
            { propId: "prop-display-case", at: [3, 5] },
            { propId: "prop-display-case", at: [5.5, 5] },
            { propId: "prop-display-case", at: [11, 5] },
            { propId: "prop-spotlight", at: [8, 1] },
          ],
        },
        models: [
          { recipe: "prop-chair", title: "A kitchen chair", at: [3, 7.5], turn: 0.4 },
          { recipe: "prop-floor-lamp", title: "A reading lamp", at: [5.5, 7.8] },
          { recipe: "prop-vase", title: "A flower vase", at: [11, 7.5] },
          { recipe: "prop-stool", title: "A milking stool", at: [13.5, 7.5] },
        ],
      },
    ],
  },
  {
    slug: "ines-duarte",
    name: "Ines Duarte",
    bio: "Teacher. I build classrooms for history lessons my students can walk through.",
    occupation: "Teacher",
    spaces: [
      {
        title: "History Classroom: The Age of Sail",
        description: "Maps, ship portraits and a reading corner for a lesson on the age of sail.",
        tags: ["education", "history", "classroom"],
        palette: ["#1d3557", "#457b9d", "#e63946"],
        likes: 156,
        views: 2900,
        plan: {
          width: 14,
          depth: 10,
          floor: "material-walnut-planks",
          walls: "material-warm-plaster",
          lighting: "day",
          props: [
            { propId: "prop-bookshelf", at: [1, 8] },
            { propId: "prop-armchair", at: [2.5, 8] },
            { propId: "prop-lectern", at: [12, 5], turn: -Math.PI / 2 },
            { propId: "prop-easel", at: [10, 2] },
            { propId: "prop-rug", at: [6, 5] },
          ],
          texts: [{ content: "The Age of Sail", at: [7, 3, 0.3], color: "#1d3557" }],
        },
        tour: {
          title: "The lesson, stop by stop",
          stops: [
            {
              title: "The title wall",
              description: "Where the lesson starts: what the age of sail was, and when.",
              at: [7, 6],
              look: [7, 0],
            },
            {
              title: "Ship portraits",
              description: "The ships of the period, as painters of the time saw them.",
              at: [7, 4],
              look: [7, 10],
            },
            {
              title: "The reading corner",
              description: "Books and a chair for the students' own reading after class.",
              at: [4, 6.5],
              look: [1, 8],
            },
          ],
        },
      },
    ],
  },
];

/** An abstract picture in a palette: layered circles and bands, drawn with SVG. */
async function abstractPicture(palette: [string, string, string], seed: number) {
  const sharp = await loadSharp();
  const random = (n: number) => {
    const x = Math.sin(seed * 9301 + n * 49297) * 233280;
    return x - Math.floor(x);
  };
  const [a, b, c] = palette;
  const shapes = Array.from({ length: 7 }, (_, index) => {
    const colour = [a, b, c][index % 3];
    const cx = Math.round(random(index) * 1024);
    const cy = Math.round(random(index + 10) * 768);
    const r = Math.round(80 + random(index + 20) * 260);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}" fill-opacity="0.75"/>`;
  }).join("");
  const band = Math.round(200 + random(99) * 300);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768" viewBox="0 0 1024 768">
    <rect width="1024" height="768" fill="#f4f1ea"/>
    <rect y="${band}" width="1024" height="120" fill="${c}" fill-opacity="0.5"/>
    ${shapes}
  </svg>`;
  // drawn at 768 × 576: the pictures hang at about 1.6 m wide, and seeding stays quick
  return sharp(Buffer.from(svg)).resize(768, 576).jpeg({ quality: 80 }).toBuffer();
}

interface PictureSpot {
  x: number;
  z: number;
  turn: number;
  wallId: string;
}

/**
 * Where pictures hang: every wall of the ground floor, 1.7 m high, between windows and doors,
 * on both faces of each partition, clear of props standing against the wall.
 */
export function pictureSpots(plan: RoomPlan, levelId: string): PictureSpot[] {
  const { width: w, depth: d } = plan;
  const off = 0.13;
  const spots: PictureSpot[] = [];
  const along = (length: number, first: number, step: number) => {
    const out: number[] = [];
    for (let at = first; at <= length - 1.2; at += step) out.push(at);
    return out;
  };
  // north wall (no openings): every 4 m or so
  const northCount = Math.max(2, Math.round(w / 4));
  for (let i = 1; i <= northCount; i++) {
    spots.push({ x: (i * w) / (northCount + 1), z: off, turn: 0, wallId: `${levelId}-north` });
  }
  // south wall: between its windows (1.5 + 5k to 3.5 + 5k m from the west end)
  for (const x of along(w, 5, 5)) {
    spots.push({ x, z: d - off, turn: Math.PI, wallId: `${levelId}-south` });
  }
  // east wall: between its windows (counted from the south end)
  for (const fromSouth of along(d, 5, 5)) {
    spots.push({ x: w - off, z: d - fromSouth, turn: -Math.PI / 2, wallId: `${levelId}-east` });
  }
  // west wall: either side of the entrance
  if (d >= 7) {
    for (const z of [d / 4, (3 * d) / 4]) {
      spots.push({ x: off, z, turn: Math.PI / 2, wallId: `${levelId}-west` });
    }
  }
  // partitions: both faces, either side of their door
  for (const [index, px] of (plan.partitions ?? []).entries()) {
    for (const z of [d / 4, (3 * d) / 4]) {
      const wallId = `${levelId}-partition-${index}`;
      spots.push({ x: px - off, z, turn: -Math.PI / 2, wallId });
      spots.push({ x: px + off, z, turn: Math.PI / 2, wallId });
    }
  }
  const clear = (spot: PictureSpot) =>
    !(plan.partitions ?? []).some(
      (px) => Math.abs(px - spot.x) < 1.2 && Math.abs(px - spot.x) > 0.5,
    ) &&
    !(plan.props ?? []).some((prop) => Math.hypot(prop.at[0] - spot.x, prop.at[1] - spot.z) < 1.3);
  return spots.filter(clear);
}

/** Pictures on every wall (pictureSpots), the space's studies taking turns, 1.4 m wide. */
function hangPictures(
  document: SceneDocument,
  plan: RoomPlan,
  art: { id: string; image: ImageSize }[],
  prefix: string,
) {
  const level = document.customSpace?.levels[0];
  if (!level || art.length === 0) return document;
  const walls = new Set(level.walls.map((wall) => wall.id));
  const pictures = pictureSpots(plan, level.id)
    .filter((spot) => walls.has(spot.wallId))
    .map((spot, index) => {
      const piece = art[index % art.length] as { id: string; image: ImageSize };
      return {
        id: `${prefix}-picture-${index}`,
        title: `Study ${(index % art.length) + 1}`,
        description: "",
        position: [spot.x, 1.7, spot.z] as [number, number, number],
        rotation: [0, spot.turn, 0] as [number, number, number],
        // 1.4 m wide in the image's own proportions (the asset's default size is 1 m)
        scale: pictureScaleForWidth(piece.image, 1, 1.4),
        levelId: level.id,
        wallId: spot.wallId,
        locked: false,
        assetId: piece.id,
      };
    });
  return SceneDocumentSchema.parse({ ...document, pictures });
}

/** The space's models on the floor, its portal, and its tour's id. */
function furnish(
  document: SceneDocument,
  space: DemoSpace,
  models: Map<string, string>,
  prefix: string,
  tourId: string | null,
) {
  const levelId = document.customSpace?.levels[0]?.id as string;
  const models3d = (space.models ?? []).map((model, index) => ({
    id: `${prefix}-model-${index}`,
    title: model.title,
    description: "",
    position: [model.at[0], 0, model.at[1]] as [number, number, number],
    rotation: [0, model.turn ?? 0, 0] as [number, number, number],
    scale: [model.size ?? 1, model.size ?? 1, model.size ?? 1] as [number, number, number],
    levelId,
    locked: false,
    assetId: models.get(model.recipe) as string,
  }));
  const portals = space.portal
    ? [
        {
          id: `${prefix}-portal`,
          title: space.portal.title,
          description: "",
          position: [space.portal.at[0], 0, space.portal.at[1]] as [number, number, number],
          rotation: [0, space.portal.turn, 0] as [number, number, number],
          levelId,
          locked: false,
          assetId: "portal-arch",
          targetSceneId: space.portal.to,
        },
      ]
    : [];
  return SceneDocumentSchema.parse({
    ...document,
    models3d,
    portals,
    guidedTours: tourId ? [tourId] : [],
  });
}

/** A two-note chime as a WAV (11.025 kHz, 16-bit mono, 1.6 s): each tour stop's sound. */
export function chimeWav(): Buffer {
  const rate = 11_025;
  const samples = Math.round(rate * 1.6);
  const bytes = Buffer.alloc(44 + samples * 2);
  bytes.write("RIFF", 0, "ascii");
  bytes.writeUInt32LE(36 + samples * 2, 4);
  bytes.write("WAVEfmt ", 8, "ascii");
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(rate, 24);
  bytes.writeUInt32LE(rate * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write("data", 36, "ascii");
  bytes.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const note = (frequency: number, start: number) =>
      t < start ? 0 : Math.sin((t - start) * frequency * 2 * Math.PI) * Math.exp(-(t - start) * 3);
    const value = 0.35 * note(784, 0) + 0.35 * note(1047, 0.35);
    bytes.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value)) * 32767), 44 + i * 2);
  }
  return bytes;
}

/** The eye pose of a tour stop standing at `at`, looking towards `look`. */
function stopPose(at: [number, number], look: [number, number]) {
  const yaw = Math.atan2(-(look[0] - at[0]), -(look[1] - at[1]));
  return {
    position: [at[0], 1.6, at[1]] as [number, number, number],
    rotation: [0, yaw, 0] as [number, number, number],
  };
}

async function drawCover(
  document: SceneDocument,
  files: FilesService,
  colours: Map<string, string>,
) {
  const sharp = await loadSharp();
  if (!document.customSpace) return null;
  const svg = axonometricSvg(document.customSpace, {
    width: 960,
    height: 600,
    azimuth: 35,
    elevation: 32,
    colorOf: (materialId, color) => (materialId ? (colours.get(materialId) ?? color) : color),
  });
  const image = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const stored = await files.storeImage({
    ownerId: null,
    purpose: "scene-photo",
    data: image,
    maxWidth: 960,
    maxHeight: 960,
  });
  return fileUrl(stored.id);
}

/**
 * The cover of a demo space: the view of the space itself, rendered in the viewer by
 * scripts/render-seed-covers.mjs and committed as a small WebP beside this file; when a space
 * has none yet (a new demo space), the drawing of its structure.
 */
async function coverOf(
  sceneId: string,
  document: SceneDocument,
  files: FilesService,
  colours: Map<string, string>,
) {
  const rendered = await readFile(new URL(`./covers/${sceneId}.webp`, import.meta.url)).catch(
    () => null,
  );
  if (!rendered) return drawCover(document, files, colours);
  const stored = await files.storeImage({
    ownerId: null,
    purpose: "scene-photo",
    data: rendered,
    maxWidth: 960,
    maxHeight: 960,
  });
  return fileUrl(stored.id);
}

type Session = Parameters<Parameters<AppContext["database"]["withExclusiveSession"]>[1]>[0];

/** The creator's models (glb from the catalogue's recipes), one library asset per recipe. */
async function storeModels(
  session: Session,
  files: FilesService,
  userId: string,
  recipes: Set<string>,
) {
  const models = new Map<string, string>();
  if (recipes.size === 0) return models;
  // the model tools load only when a seed builds models (never on an existing database's start)
  const [
    { longestSideOf },
    { PROP_RECIPES },
    { countModel },
    { gltfIO },
    { renderModelThumbnail },
  ] = await Promise.all([
    import("../modules/assets/catalogue/index.js"),
    import("../modules/assets/catalogue/props.js"),
    import("../modules/assets/pipeline/counts.js"),
    import("../modules/assets/pipeline/gltf-io.js"),
    import("../modules/assets/render/model-thumbnail.js"),
  ]);
  const io = await gltfIO();
  for (const recipeId of recipes) {
    const recipe = PROP_RECIPES.find((candidate) => candidate.id === recipeId);
    if (!recipe) throw new Error(`no recipe ${recipeId}`);
    const document = recipe.build();
    const bytes = Buffer.from(await io.writeBinary(document));
    const counts = countModel(document);
    const [glb, thumbnail] = await Promise.all([
      files.storeStream({
        ownerId: userId,
        purpose: "asset-model",
        contentType: "model/gltf-binary",
        body: bytes,
        maxBytes: bytes.length,
      }),
      renderModelThumbnail(document, 160).then((png) =>
        files.storeImage({
          ownerId: userId,
          purpose: "asset-thumbnail",
          data: Buffer.from(png),
          maxWidth: 256,
          maxHeight: 256,
        }),
      ),
    ]);
    const assetId = `demo-model-${userId}-${recipeId}`;
    await session.query(
      `INSERT INTO assets (id, owner_id, family, title, public, file_id, original_file_id, thumbnail_file_id, bytes, default_size, details)
       VALUES ($1, $2, 'model3d', $3, true, $4, $4, $5, $6, $7, $8::jsonb)`,
      [
        assetId,
        userId,
        recipe.title,
        glb.id,
        thumbnail.id,
        bytes.length,
        Math.round(longestSideOf(document) * 100) / 100,
        JSON.stringify({ sourceFormat: "glb", ...counts }),
      ],
    );
    models.set(recipeId, assetId);
  }
  return models;
}

/** The classroom's chime, in the creator's audio library. */
async function storeChime(session: Session, files: FilesService, userId: string) {
  const wav = chimeWav();
  const [audio, thumbnail] = await Promise.all([
    files.storeStream({
      ownerId: userId,
      purpose: "asset-audio",
      contentType: "audio/wav",
      body: wav,
      maxBytes: wav.length,
    }),
    placeholderThumbnail("audio", "0:02").then((png) =>
      files.storeImage({
        ownerId: userId,
        purpose: "asset-thumbnail",
        data: png,
        maxWidth: 256,
        maxHeight: 256,
      }),
    ),
  ]);
  await session.query(
    `INSERT INTO assets (id, owner_id, family, title, public, file_id, original_file_id, thumbnail_file_id, bytes, details)
     VALUES ($1, $2, 'audio', 'Tour chime', true, $3, $3, $4, $5, $6::jsonb)`,
    [
      `demo-audio-${userId}-chime`,
      userId,
      audio.id,
      thumbnail.id,
      wav.length,
      JSON.stringify({ contentType: "audio/wav", duration: 1.6 }),
    ],
  );
  return fileUrl(audio.id);
}

export const spacesSeeder: Seeder = {
  name: "spaces",
  async run(context: AppContext) {
    const files = createFilesService(createFilesRepo(context.database.db), context.storage);
    const colours = materialColours();
    await context.database.withExclusiveSession("atrium:seed-spaces", async (session) => {
      let day = 0;
      const sceneIds: string[] = [];
      const userIds: string[] = [];
      for (const creator of DEMO_CREATORS) {
        const userId = `demo-${creator.slug}`;
        userIds.push(userId);
        await session.query(
          `INSERT INTO users (id, email, name, bio, occupation, created_at)
           VALUES ($1, $2, $3, $4, $5, now() - interval '60 days') ON CONFLICT (id) DO NOTHING`,
          [
            userId,
            `${creator.slug}@demo.atrium.invalid`,
            creator.name,
            creator.bio,
            creator.occupation,
          ],
        );
        const models = await storeModels(
          session,
          files,
          userId,
          new Set(creator.spaces.flatMap((space) => (space.models ?? []).map((m) => m.recipe))),
        );
        const chime = creator.spaces.some((space) => space.tour)
          ? await storeChime(session, files, userId)
          : null;
        for (const [spaceIndex, space] of creator.spaces.entries()) {
          const sceneId = `demo-space-${creator.slug}-${spaceIndex + 1}`;
          // four pictures per space, drawn and stored side by side (sharp works on its own
          // threads), so that the first start of an empty installation stays quick
          const art = await Promise.all(
            [0, 1, 2, 3].map(async (index) => {
              const image = await abstractPicture(
                space.palette,
                spaceIndex * 10 + index + creator.slug.length,
              );
              const stored = await files.storeImage({
                ownerId: userId,
                purpose: "asset-picture",
                data: image,
                maxWidth: 768,
                maxHeight: 768,
              });
              return { index, stored };
            }),
          ).then(async (pictures) => {
            const ids: { id: string; image: ImageSize }[] = [];
            for (const { index, stored } of pictures) {
              const assetId = `${sceneId}-art-${index + 1}`;
              await session.query(
                `INSERT INTO assets (id, owner_id, family, title, public, file_id, original_file_id, thumbnail_file_id, bytes, details)
                 VALUES ($1, $2, 'picture', $3, true, $4, $4, $4, $5, $6::jsonb)`,
                [
                  assetId,
                  userId,
                  `${space.title}: study ${index + 1}`.slice(0, 100),
                  stored.id,
                  stored.sizeBytes,
                  JSON.stringify({
                    width: stored.width ?? 768,
                    height: stored.height ?? 576,
                    hasAlpha: false,
                  }),
                ],
              );
              ids.push({
                id: assetId,
                image: { width: stored.width ?? 768, height: stored.height ?? 576 },
              });
            }
            return ids;
          });
          const tourId = space.tour ? `${sceneId}-tour` : null;
          const document = furnish(
            hangPictures(roomDocument(space.plan, sceneId), space.plan, art, sceneId),
            space,
            models,
            sceneId,
            tourId,
          );
          const cover = await coverOf(sceneId, document, files, colours);
          const slotId = `slot-demo-${sceneId}`;
          day += 3;
          await session.query(
            `INSERT INTO scenes (id, owner_id, creator_id, title, description, tags, cover_photo_uri, thumbnail_uri,
               state, slot_id, likes_count, views_count, created_at, updated_at, published_at)
             VALUES ($1, $2, $2, $3, $4, $5::text[], $6, $6, 'Published', NULL, $7, $8,
               now() - make_interval(days => $9::int + 2), now() - make_interval(days => $9::int), now() - make_interval(days => $9::int))`,
            [
              sceneId,
              userId,
              space.title,
              space.description,
              space.tags,
              cover,
              space.likes,
              space.views,
              day,
            ],
          );
          await session.query(
            "INSERT INTO scene_contents (scene_id, document, revision) VALUES ($1, $2::json, 1)",
            [sceneId, JSON.stringify(document)],
          );
          await session.query(
            `INSERT INTO space_slots (id, owner_id, kind, scene_id, publisher_id) VALUES ($1, $2, 'purchased', $3, $2)`,
            [slotId, userId, sceneId],
          );
          await session.query("UPDATE scenes SET slot_id = $2 WHERE id = $1", [sceneId, slotId]);
          if (space.tour && tourId) {
            await session.query(
              `INSERT INTO guided_tours (id, scene_id, title, description) VALUES ($1, $2, $3, '')`,
              [tourId, sceneId, space.tour.title],
            );
            for (const [order, stop] of space.tour.stops.entries()) {
              const pose = stopPose(stop.at, stop.look);
              await session.query(
                `INSERT INTO guided_tour_points (id, tour_id, sort_order, title, description, audio_uri,
                   position, rotation, scale, bounds, bounds_center, duration)
                 VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, '[1,1,1]'::jsonb, '[1,1,1]'::jsonb, $7::jsonb, 12)`,
                [
                  `${tourId}-stop-${order + 1}`,
                  tourId,
                  order,
                  stop.title,
                  stop.description,
                  chime,
                  JSON.stringify(pose.position),
                  JSON.stringify(pose.rotation),
                ],
              );
            }
          }
          sceneIds.push(sceneId);
        }
      }
      // a few real comments between the demo creators (the counter follows, by trigger)
      const remarks = [
        "The light in here is lovely.",
        "Great layout, easy to walk through.",
        "I keep coming back to this one.",
      ];
      for (const [index, sceneId] of sceneIds.entries()) {
        const author = userIds[(index + 1) % userIds.length] as string;
        await session.query(
          `INSERT INTO scene_comments (id, scene_id, user_id, body) VALUES ($1, $2, $3, $4)`,
          [`demo-comment-${index}`, sceneId, author, remarks[index % remarks.length]],
        );
      }
    });
  },
};
