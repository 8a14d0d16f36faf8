import type { Document } from "@gltf-transform/core";
import { buildModel, MeshBuilder, type SurfaceSpec, type Vec3 } from "./mesh-builder.js";

// The prop catalogue: low-poly furniture, displays, lights and plants modelled in code, in
// metres, standing on y = 0 and centred on the origin. `type` is the catalogue category.

export interface PropRecipe {
  id: string;
  title: string;
  type: "Furniture" | "Display" | "Lighting" | "Plants" | "Barriers" | "Media" | "Decor";
  build(): Document;
}

const surface = (
  name: string,
  hexColor: string,
  roughness = 0.7,
  metalness = 0,
  extra: Partial<SurfaceSpec> = {},
): SurfaceSpec => ({
  name,
  color: [
    (Number.parseInt(hexColor.slice(1, 3), 16) / 255) ** 2.2,
    (Number.parseInt(hexColor.slice(3, 5), 16) / 255) ** 2.2,
    (Number.parseInt(hexColor.slice(5, 7), 16) / 255) ** 2.2,
  ],
  roughness,
  metalness,
  ...extra,
});

const oak = surface("oak", "#b98a5a", 0.6);
const walnut = surface("walnut", "#6b4429", 0.55);
const white = surface("white", "#f2f1ed", 0.5);
const charcoal = surface("charcoal", "#2b2d31", 0.5);
const steel = surface("steel", "#b8bcc2", 0.3, 1);
const brass = surface("brass", "#c9a24a", 0.3, 1);
const fabricGrey = surface("fabric", "#7d8590", 0.95);
const fabricTeal = surface("fabric-teal", "#2f6f73", 0.95);
const leaf = surface("leaf", "#3f7d3a", 0.8);
const leafDark = surface("leaf-dark", "#2c5a2b", 0.8);
const terracotta = surface("terracotta", "#b5653f", 0.85);
const soil = surface("soil", "#3b2a1f", 1);
const glass = surface("glass", "#dfeff5", 0.05, 0, {
  color: [0.8, 0.9, 0.95, 0.25],
  doubleSided: true,
});
const screen = surface("screen", "#101216", 0.2, 0, { emissive: [0.02, 0.03, 0.05] });
const lampShade = surface("lamp-shade", "#f6ead2", 0.9, 0, {
  emissive: [0.9, 0.8, 0.6],
  doubleSided: true,
});
const bulb = surface("bulb", "#fff7e0", 0.2, 0, { emissive: [1, 0.95, 0.8] });
const velvet = surface("velvet", "#8c1c2b", 1);
const canvas = surface("canvas", "#efe9dc", 0.9);
const stone = surface("stone", "#d8d4cc", 0.8);

const part = (spec: SurfaceSpec) => [spec, new MeshBuilder()] as [SurfaceSpec, MeshBuilder];

function model(
  id: string,
  build: (m: (spec: SurfaceSpec) => MeshBuilder) => void,
  extras?: Record<string, unknown>,
) {
  return () => {
    const parts = new Map<string, [SurfaceSpec, MeshBuilder]>();
    build((spec) => {
      let entry = parts.get(spec.name);
      if (!entry) {
        entry = part(spec);
        parts.set(spec.name, entry);
      }
      return entry[1];
    });
    return buildModel(id, [...parts.values()], extras);
  };
}

const legs = (
  m: MeshBuilder,
  width: number,
  depth: number,
  height: number,
  size: number,
  inset = 0.05,
) => {
  for (const [x, z] of [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ] as const) {
    m.box([size, height, size], {
      at: [x * (width / 2 - inset), height / 2, z * (depth / 2 - inset)],
    });
  }
};

function catenary(from: Vec3, to: Vec3, sag: number, steps: number): Vec3[] {
  return Array.from({ length: steps + 1 }, (_, i) => {
    const t = i / steps;
    return [
      from[0] + (to[0] - from[0]) * t,
      from[1] + (to[1] - from[1]) * t - sag * 4 * t * (1 - t),
      from[2] + (to[2] - from[2]) * t,
    ];
  });
}

/** The staircase: steps a visitor walks up (each rise under the viewer's `VISITOR_BODY.stepUp`). */
export const STAIRCASE = { steps: 12, rise: 0.25, run: 0.3, width: 1.2 } as const;

/**
 * The staircase's steps as boxes [minX, minY, minZ, maxX, maxY, maxZ], in metres, rising towards
 * -z: solid from the floor, so that it is also what the visitor collides with and stands on
 * (the model's scene extras `colliders`; without them a prop collides as one box).
 */
export function staircaseSteps(): Array<[number, number, number, number, number, number]> {
  const { steps, rise, run, width } = STAIRCASE;
  const front = (steps * run) / 2;
  return Array.from({ length: steps }, (_, i) => [
    -width / 2,
    0,
    front - run * (i + 1),
    width / 2,
    rise * (i + 1),
    front - run * i,
  ]);
}

const leaves = (m: MeshBuilder, count: number, base: number, spread: number, length: number) => {
  for (let i = 0; i < count; i++) {
    const turn = (i / count) * Math.PI * 2 + (i % 2) * 0.3;
    const tilt = 0.45 + (i % 3) * 0.18;
    m.sphere(
      0.06,
      6,
      { at: [Math.sin(turn) * spread, base + (i % 4) * 0.05, Math.cos(turn) * spread], turn, tilt },
      length / 0.12,
    );
  }
};

export const PROP_RECIPES: PropRecipe[] = [
  {
    id: "prop-plinth",
    title: "Plinth",
    type: "Display",
    build: model("plinth", (m) => {
      m(white).box([0.5, 0.95, 0.5], { at: [0, 0.475, 0] });
      m(white).box([0.56, 0.05, 0.56], { at: [0, 0.975, 0] });
    }),
  },
  {
    id: "prop-low-plinth",
    title: "Low plinth",
    type: "Display",
    build: model("low-plinth", (m) => {
      m(charcoal).box([1.2, 0.3, 0.8], { at: [0, 0.15, 0] });
    }),
  },
  {
    id: "prop-sculpture-pedestal",
    title: "Pedestal with sculpture",
    type: "Display",
    build: model("sculpture-pedestal", (m) => {
      m(stone).cylinder(0.25, 1, 24);
      m(brass).sphere(0.18, 20, { at: [0, 1, 0] });
      m(brass).lathe(
        [
          [0, 1.3],
          [0.05, 1.34],
          [0.02, 1.5],
          [0, 1.56],
        ],
        12,
      );
    }),
  },
  {
    id: "prop-display-case",
    title: "Glass display case",
    type: "Display",
    build: model("display-case", (m) => {
      m(white).box([0.8, 0.9, 0.6], { at: [0, 0.45, 0] });
      m(glass).box([0.76, 0.6, 0.56], { at: [0, 1.2, 0] });
      m(steel).box([0.8, 0.02, 0.6], { at: [0, 1.51, 0] });
    }),
  },
  {
    id: "prop-bench",
    title: "Gallery bench",
    type: "Furniture",
    build: model("bench", (m) => {
      m(oak).box([1.6, 0.06, 0.45], { at: [0, 0.43, 0] });
      for (const x of [-0.7, 0.7]) m(charcoal).box([0.05, 0.4, 0.4], { at: [x, 0.2, 0] });
    }),
  },
  {
    id: "prop-sofa",
    title: "Sofa",
    type: "Furniture",
    build: model("sofa", (m) => {
      m(fabricGrey).box([2, 0.42, 0.9], { at: [0, 0.29, 0] });
      m(fabricGrey).box([2, 0.45, 0.2], { at: [0, 0.72, -0.35] });
      for (const x of [-0.92, 0.92]) m(fabricGrey).box([0.16, 0.3, 0.9], { at: [x, 0.65, 0] });
      for (const x of [-0.45, 0.45]) m(fabricGrey).box([0.86, 0.12, 0.66], { at: [x, 0.56, 0.1] });
      for (const x of [-0.9, 0.9])
        for (const z of [-0.38, 0.38]) m(walnut).cylinder(0.025, 0.08, 8, { at: [x, 0, z] });
    }),
  },
  {
    id: "prop-armchair",
    title: "Armchair",
    type: "Furniture",
    build: model("armchair", (m) => {
      m(fabricTeal).box([0.8, 0.4, 0.8], { at: [0, 0.3, 0] });
      m(fabricTeal).box([0.8, 0.5, 0.16], { at: [0, 0.75, -0.32] });
      for (const x of [-0.34, 0.34]) m(fabricTeal).box([0.12, 0.24, 0.8], { at: [x, 0.62, 0] });
      legs(m(walnut), 0.8, 0.8, 0.1, 0.04);
    }),
  },
  {
    id: "prop-coffee-table",
    title: "Coffee table",
    type: "Furniture",
    build: model("coffee-table", (m) => {
      m(walnut).box([1.1, 0.04, 0.6], { at: [0, 0.4, 0] });
      legs(m(charcoal), 1.1, 0.6, 0.38, 0.03);
    }),
  },
  {
    id: "prop-dining-table",
    title: "Table",
    type: "Furniture",
    build: model("dining-table", (m) => {
      m(oak).box([1.8, 0.05, 0.9], { at: [0, 0.735, 0] });
      legs(m(oak), 1.8, 0.9, 0.71, 0.06, 0.08);
    }),
  },
  {
    id: "prop-round-side-table",
    title: "Round side table",
    type: "Furniture",
    build: model("side-table", (m) => {
      m(white).cylinder(0.25, 0.03, 24, { at: [0, 0.55, 0] });
      m(brass).cylinder(0.02, 0.55, 8);
      m(brass).cylinder(0.16, 0.02, 16);
    }),
  },
  {
    id: "prop-chair",
    title: "Chair",
    type: "Furniture",
    build: model("chair", (m) => {
      m(oak).box([0.45, 0.04, 0.45], { at: [0, 0.46, 0] });
      m(oak).box([0.45, 0.4, 0.03], { at: [0, 0.7, -0.21] });
      legs(m(oak), 0.45, 0.45, 0.44, 0.035, 0.03);
    }),
  },
  {
    id: "prop-stool",
    title: "Bar stool",
    type: "Furniture",
    build: model("stool", (m) => {
      m(charcoal).cylinder(0.18, 0.05, 20, { at: [0, 0.72, 0] });
      m(steel).cylinder(0.025, 0.72, 8);
      m(steel).cylinder(0.2, 0.02, 20);
      m(steel).lathe(
        [
          [0.16, 0.3],
          [0.17, 0.3],
          [0.17, 0.32],
          [0.16, 0.32],
        ],
        16,
      );
    }),
  },
  {
    id: "prop-reception-desk",
    title: "Reception desk",
    type: "Furniture",
    build: model("reception-desk", (m) => {
      m(white).box([2, 1.05, 0.6], { at: [0, 0.525, 0] });
      m(oak).box([2.1, 0.04, 0.7], { at: [0, 1.07, 0] });
      m(oak).box([1.9, 0.04, 0.45], { at: [0, 0.75, -0.45] });
    }),
  },
  {
    id: "prop-bookshelf",
    title: "Bookshelf",
    type: "Furniture",
    build: model("bookshelf", (m) => {
      const wood = m(oak);
      for (const x of [-0.5, 0.5]) wood.box([0.03, 2, 0.35], { at: [x, 1, 0] });
      for (let i = 0; i < 5; i++) wood.box([1, 0.03, 0.35], { at: [0, 0.02 + i * 0.49, 0] });
      const colors = ["#8c1c2b", "#2f6f73", "#c9a24a", "#33415c", "#e0d7c6"];
      for (let shelf = 0; shelf < 4; shelf++) {
        let x = -0.46;
        for (let book = 0; x < 0.4; book++) {
          const width = 0.03 + ((book * 7 + shelf * 3) % 5) * 0.008;
          const height = 0.26 + ((book * 5 + shelf) % 4) * 0.03;
          m(surface(`book-${(book + shelf) % 5}`, colors[(book + shelf) % 5] as string, 0.8)).box(
            [width, height, 0.24],
            { at: [x + width / 2, 0.035 + shelf * 0.49 + height / 2, 0.02] },
          );
          x += width + 0.004;
        }
      }
    }),
  },
  {
    id: "prop-floor-lamp",
    title: "Floor lamp",
    type: "Lighting",
    build: model("floor-lamp", (m) => {
      m(charcoal).cylinder(0.16, 0.03, 20);
      m(charcoal).cylinder(0.015, 1.45, 8);
      m(lampShade).lathe(
        [
          [0.22, 1.35],
          [0.15, 1.65],
        ],
        24,
      );
      m(bulb).sphere(0.05, 10, { at: [0, 1.42, 0] });
    }),
  },
  {
    id: "prop-pendant-lamp",
    title: "Pendant lamp",
    type: "Lighting",
    build: model("pendant-lamp", (m) => {
      m(charcoal).cylinder(0.006, 0.9, 6, { at: [0, 0.3, 0] });
      m(brass).lathe(
        [
          [0.25, 0],
          [0.2, 0.08],
          [0.08, 0.25],
          [0.03, 0.3],
        ],
        24,
      );
      m(bulb).sphere(0.06, 10, { at: [0, 0.02, 0] });
    }),
  },
  {
    id: "prop-spotlight",
    title: "Spotlight on stand",
    type: "Lighting",
    build: model("spotlight", (m) => {
      for (let i = 0; i < 3; i++)
        m(charcoal).tube(
          [
            [0, 1.2, 0],
            [Math.sin((i * Math.PI * 2) / 3) * 0.35, 0, Math.cos((i * Math.PI * 2) / 3) * 0.35],
          ],
          0.015,
          6,
        );
      m(charcoal).cylinder(0.015, 0.4, 8, { at: [0, 1.2, 0] });
      m(charcoal).lathe(
        [
          [0.06, 0],
          [0.11, 0.22],
          [0.11, 0.25],
        ],
        16,
        { at: [0, 1.65, -0.05], tilt: -Math.PI / 2.4 },
      );
      m(bulb).cylinder(0.1, 0.01, 16, { at: [0, 1.65, -0.05], tilt: -Math.PI / 2.4 });
    }),
  },
  {
    id: "prop-potted-plant",
    title: "Potted plant",
    type: "Plants",
    build: model("potted-plant", (m) => {
      m(terracotta).lathe(
        [
          [0.16, 0],
          [0.2, 0.35],
          [0.21, 0.36],
          [0.21, 0.38],
        ],
        18,
      );
      m(soil).cylinder(0.19, 0.02, 18, { at: [0, 0.34, 0] });
      leaves(m(leaf), 10, 0.45, 0.12, 0.35);
      leaves(m(leafDark), 7, 0.62, 0.06, 0.3);
    }),
  },
  {
    id: "prop-tall-plant",
    title: "Tall plant",
    type: "Plants",
    build: model("tall-plant", (m) => {
      m(white).lathe(
        [
          [0.2, 0],
          [0.24, 0.5],
          [0.24, 0.52],
        ],
        18,
      );
      m(soil).cylinder(0.22, 0.02, 18, { at: [0, 0.49, 0] });
      m(walnut).tube(
        [
          [0, 0.5, 0],
          [0.03, 1.1, 0.02],
          [-0.02, 1.6, 0],
        ],
        0.025,
        6,
      );
      m(leaf).sphere(0.35, 10, { at: [0, 1.05, 0] }, 0.9);
      m(leafDark).sphere(0.28, 10, { at: [0.05, 1.45, -0.04] }, 0.9);
    }),
  },
  {
    id: "prop-planter-box",
    title: "Planter box",
    type: "Plants",
    build: model("planter-box", (m) => {
      m(charcoal).box([1.2, 0.45, 0.4], { at: [0, 0.225, 0] });
      m(soil).box([1.14, 0.02, 0.34], { at: [0, 0.44, 0] });
      for (let i = 0; i < 5; i++)
        m(i % 2 ? leaf : leafDark).sphere(0.14, 8, { at: [-0.44 + i * 0.22, 0.4, 0] }, 1.2);
    }),
  },
  {
    id: "prop-vase",
    title: "Vase",
    type: "Decor",
    build: model("vase", (m) => {
      m(surface("glaze", "#2e5d8a", 0.2)).lathe(
        [
          [0.06, 0],
          [0.12, 0.08],
          [0.14, 0.2],
          [0.08, 0.36],
          [0.05, 0.42],
          [0.07, 0.46],
        ],
        24,
      );
    }),
  },
  {
    id: "prop-rug",
    title: "Rug",
    type: "Decor",
    build: model("rug", (m) => {
      m(surface("rug", "#8f3b2e", 1)).box([2.4, 0.012, 1.6], { at: [0, 0.006, 0] });
      m(surface("rug-border", "#e6d3b3", 1)).box([2.2, 0.014, 1.4], { at: [0, 0.007, 0] });
      m(surface("rug", "#8f3b2e", 1)).box([2, 0.016, 1.2], { at: [0, 0.008, 0] });
    }),
  },
  {
    id: "prop-frame-landscape",
    title: "Landscape frame",
    type: "Display",
    build: model("frame-landscape", (m) => {
      const wood = m(walnut);
      wood.box([1.2, 0.06, 0.04], { at: [0, 0.03, 0] });
      wood.box([1.2, 0.06, 0.04], { at: [0, 0.81, 0] });
      wood.box([0.06, 0.84, 0.04], { at: [-0.57, 0.42, 0] });
      wood.box([0.06, 0.84, 0.04], { at: [0.57, 0.42, 0] });
      m(canvas).panel([1.08, 0.72], { at: [0, 0.42, 0.005] });
    }),
  },
  {
    id: "prop-frame-portrait",
    title: "Portrait frame",
    type: "Display",
    build: model("frame-portrait", (m) => {
      const gold = m(brass);
      gold.box([0.7, 0.07, 0.05], { at: [0, 0.035, 0] });
      gold.box([0.7, 0.07, 0.05], { at: [0, 0.965, 0] });
      gold.box([0.07, 1, 0.05], { at: [-0.315, 0.5, 0] });
      gold.box([0.07, 1, 0.05], { at: [0.315, 0.5, 0] });
      m(canvas).panel([0.56, 0.86], { at: [0, 0.5, 0.005] });
    }),
  },
  {
    id: "prop-easel",
    title: "Easel",
    type: "Display",
    build: model("easel", (m) => {
      const wood = m(oak);
      wood.tube(
        [
          [-0.3, 0, 0.15],
          [0, 1.7, 0],
        ],
        0.02,
        6,
      );
      wood.tube(
        [
          [0.3, 0, 0.15],
          [0, 1.7, 0],
        ],
        0.02,
        6,
      );
      wood.tube(
        [
          [0, 0, -0.45],
          [0, 1.6, 0],
        ],
        0.02,
        6,
      );
      wood.box([0.6, 0.04, 0.06], { at: [0, 0.75, 0.12] });
      m(canvas).box([0.55, 0.7, 0.02], { at: [0, 1.12, 0.1], tilt: -0.08 });
    }),
  },
  {
    id: "prop-rope-barrier",
    title: "Rope barrier",
    type: "Barriers",
    build: model("rope-barrier", (m) => {
      for (const x of [-0.9, 0.9]) {
        m(brass).cylinder(0.16, 0.03, 20, { at: [x, 0, 0] });
        m(brass).cylinder(0.025, 0.9, 10, { at: [x, 0.03, 0] });
        m(brass).sphere(0.04, 10, { at: [x, 0.9, 0] });
      }
      m(velvet).tube(catenary([-0.9, 0.88, 0], [0.9, 0.88, 0], 0.25, 16), 0.018, 8);
    }),
  },
  {
    id: "prop-stanchion-post",
    title: "Barrier post",
    type: "Barriers",
    build: model("stanchion", (m) => {
      m(steel).cylinder(0.17, 0.03, 20);
      m(steel).cylinder(0.03, 0.95, 10, { at: [0, 0.03, 0] });
      m(charcoal).cylinder(0.045, 0.06, 12, { at: [0, 0.92, 0] });
    }),
  },
  {
    id: "prop-screen",
    title: "Screen on stand",
    type: "Media",
    build: model("screen", (m) => {
      m(charcoal).box([1.45, 0.84, 0.05], { at: [0, 1.45, 0] });
      m(screen).panel([1.39, 0.78], { at: [0, 1.45, 0.026] });
      m(charcoal).box([0.08, 1.1, 0.05], { at: [0, 0.55, -0.04] });
      m(charcoal).box([0.7, 0.03, 0.45], { at: [0, 0.015, -0.04] });
    }),
  },
  {
    id: "prop-wall-screen",
    title: "Wall screen",
    type: "Media",
    build: model("wall-screen", (m) => {
      m(charcoal).box([1.9, 1.1, 0.04], { at: [0, 0.55, 0.02] });
      m(screen).panel([1.84, 1.04], { at: [0, 0.55, 0.041] });
    }),
  },
  {
    id: "prop-info-kiosk",
    title: "Information kiosk",
    type: "Media",
    build: model("kiosk", (m) => {
      m(white).box([0.5, 1, 0.35], { at: [0, 0.5, 0] });
      m(charcoal).box([0.5, 0.04, 0.45], { at: [0, 1.05, 0.03], tilt: -0.5 });
      m(screen).panel([0.42, 0.32], { at: [0, 1.085, 0.07], tilt: -0.5 - Math.PI / 2 });
    }),
  },
  {
    id: "prop-lectern",
    title: "Lectern",
    type: "Furniture",
    build: model("lectern", (m) => {
      m(walnut).box([0.55, 1.05, 0.4], { at: [0, 0.525, 0] });
      m(walnut).box([0.62, 0.03, 0.48], { at: [0, 1.11, 0.02], tilt: -0.25 });
      m(walnut).box([0.7, 0.05, 0.5], { at: [0, 0.025, 0] });
    }),
  },
  {
    id: "prop-staircase",
    title: "Staircase",
    type: "Furniture",
    build: model(
      "staircase",
      (m) => {
        for (const [x0, y0, z0, x1, y1, z1] of staircaseSteps()) {
          // the tread in oak, the block under it in stone
          m(stone).box([x1 - x0, y1 - y0 - 0.04, z1 - z0], {
            at: [(x0 + x1) / 2, (y1 - 0.04) / 2, (z0 + z1) / 2],
          });
          m(oak).box([x1 - x0 + 0.02, 0.04, z1 - z0 + 0.02], {
            at: [(x0 + x1) / 2, y1 - 0.02, (z0 + z1) / 2],
          });
        }
      },
      { colliders: staircaseSteps() },
    ),
  },
];
