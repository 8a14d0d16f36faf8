import {
  type ImageSize,
  pictureScaleForWidth,
  type SceneDocument,
  SceneDocumentSchema,
} from "@atrium/domain";
import type { AppContext } from "../context.js";
import { loadSharp } from "../infra/packages.js";
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

/** Pictures along the long walls: north wall faces +z, south wall faces -z. */
function hangPictures(
  document: SceneDocument,
  plan: RoomPlan,
  art: { id: string; image: ImageSize }[],
  prefix: string,
) {
  const level = document.customSpace?.levels[0];
  if (!level) return document;
  const northWall = level.walls.find((wall) => wall.id.endsWith("-north"));
  const southWall = level.walls.find((wall) => wall.id.endsWith("-south"));
  const spots: { x: number; z: number; turn: number; wallId: string }[] = [];
  const step = plan.width / 4;
  for (let index = 1; index <= 3; index++) {
    if (northWall) spots.push({ x: index * step, z: 0.13, turn: 0, wallId: northWall.id });
    if (southWall)
      spots.push({ x: index * step, z: plan.depth - 0.13, turn: Math.PI, wallId: southWall.id });
  }
  const pictures = spots
    .filter((spot) => !(plan.partitions ?? []).some((x) => Math.abs(x - spot.x) < 1.2))
    .slice(0, art.length)
    .map((spot, index) => ({
      id: `${prefix}-picture-${index}`,
      title: `Study ${index + 1}`,
      description: "",
      position: [spot.x, 1.7, spot.z] as [number, number, number],
      rotation: [0, spot.turn, 0] as [number, number, number],
      // 1.6 m wide in the image's own proportions (the asset's default size is 1 m)
      scale: pictureScaleForWidth(art[index]?.image ?? {}, 1, 1.6),
      levelId: level.id,
      wallId: spot.wallId,
      locked: false,
      assetId: art[index]?.id as string,
    }));
  return SceneDocumentSchema.parse({ ...document, pictures });
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
        for (const [spaceIndex, space] of creator.spaces.entries()) {
          const sceneId = `demo-space-${creator.slug}-${spaceIndex + 1}`;
          // three pictures per space, drawn and stored side by side (sharp works on its own
          // threads), so that the first start of an empty installation stays quick
          const assetIds = await Promise.all(
            [0, 1, 2].map(async (index) => {
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
          const document = hangPictures(
            roomDocument(space.plan, sceneId),
            space.plan,
            assetIds,
            sceneId,
          );
          const cover = await drawCover(document, files, colours);
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
