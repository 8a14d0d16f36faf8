import { Document, type Material, NodeIO } from "@gltf-transform/core";
import type { AvatarDefinition } from "./catalogue.js";
import { box, frustum, lowPolySphere, type MeshData, merge, transform } from "./geometry.js";
import { proportionsOf } from "./proportions.js";

type Part = { mesh: MeshData; material: "skin" | "top" | "bottom" | "accent" | "dark" };

/** The avatar as a binary glTF: one node per body part, pivoting at its joint. */
export async function buildAvatarModel(avatar: AvatarDefinition): Promise<Uint8Array> {
  const p = proportionsOf(avatar);
  const doc = new Document();
  doc.createBuffer();
  const materials = {
    skin: material(doc, "skin", avatar.skin),
    top: material(doc, "top", avatar.top),
    bottom: material(doc, "bottom", avatar.bottom),
    accent: material(doc, "accent", avatar.accent),
    dark: material(doc, "dark", "#1b1b1f"),
  };

  const limb = (length: number, radius: number) =>
    avatar.limbs === "round"
      ? frustum({
          radiusBottom: radius * 0.85,
          radiusTop: radius,
          height: length,
          sides: 6,
          bottom: -length,
        })
      : box([radius * 2, length, radius * 2], [0, -length / 2, 0]);

  const root = doc.createNode("avatar");
  const addPart = (name: string, translation: [number, number, number], parts: Part[]) => {
    const mesh = doc.createMesh(name);
    for (const part of parts) {
      mesh.addPrimitive(primitive(doc, part.mesh, materials[part.material]));
    }
    root.addChild(doc.createNode(name).setMesh(mesh).setTranslation(translation));
  };

  addPart("torso", [0, p.hipY, 0], torsoParts(avatar, p));
  addPart("head", [0, p.neckY, 0], headParts(avatar, p));
  for (const [name, side] of [
    ["arm_left", 1],
    ["arm_right", -1],
  ] as const) {
    const sleeve = limb(p.armLength * 0.78, p.armRadius);
    const hand = lowPolySphere(p.armRadius * 1.15, 6, 4, [0, -p.armLength * 0.86, 0]);
    addPart(
      name,
      [side * p.shoulderHalf, p.shoulderY, 0],
      [
        { mesh: sleeve, material: "top" },
        { mesh: hand, material: "skin" },
      ],
    );
  }
  for (const [name, side] of [
    ["leg_left", 1],
    ["leg_right", -1],
  ] as const) {
    const leg = limb(p.legLength - 0.08, p.legRadius);
    const shoe = box(
      [p.legRadius * 2.3, 0.08, p.legRadius * 3.2],
      [0, -p.legLength + 0.04, p.legRadius * 0.5],
    );
    addPart(
      name,
      [side * p.hipHalf, p.hipY, 0],
      [
        { mesh: leg, material: "bottom" },
        { mesh: shoe, material: "dark" },
      ],
    );
  }

  doc.getRoot().setDefaultScene(doc.createScene(avatar.name).addChild(root));
  root.setExtras({ avatarId: avatar.id, name: avatar.name });
  return new NodeIO().writeBinary(doc);
}

type Proportions = ReturnType<typeof proportionsOf>;

function torsoParts(avatar: AvatarDefinition, p: Proportions): Part[] {
  const half = p.torsoWidth / 2;
  const depthScale = p.torsoDepth / p.torsoWidth;
  const shape = {
    block: box([p.torsoWidth, p.torsoHeight, p.torsoDepth], [0, p.torsoHeight / 2, 0]),
    tapered: frustum({
      radiusBottom: half * 0.95,
      radiusTop: half * 1.35,
      height: p.torsoHeight,
      sides: 4,
      depthScale,
      twist: Math.PI / 4,
    }),
    barrel: frustum({
      radiusBottom: half * 1.1,
      radiusTop: half * 1.1,
      height: p.torsoHeight,
      sides: 8,
      depthScale,
    }),
    wedge: frustum({
      radiusBottom: half * 0.8,
      radiusTop: half * 1.45,
      height: p.torsoHeight,
      sides: 6,
      depthScale,
    }),
  }[avatar.torso];
  const belt = box([p.torsoWidth * 1.02, 0.06, p.torsoDepth * 1.05], [0, 0.05, 0]);
  const emblem = box([0.09, 0.09, 0.02], [0, p.torsoHeight * 0.65, p.torsoDepth / 2 + 0.02]);
  return [
    { mesh: shape, material: "top" },
    { mesh: merge(belt, emblem), material: "accent" },
  ];
}

function headParts(avatar: AvatarDefinition, p: Proportions): Part[] {
  const size = p.headSize;
  const h = p.headHeight;
  const neck = frustum({ radiusBottom: 0.06, radiusTop: 0.06, height: 0.08, sides: 6 });
  const skull = {
    block: box([size, h, size * 0.92], [0, 0.08 + h / 2, 0]),
    round: lowPolySphere(size * 0.56, 8, 6, [0, 0.08 + h / 2, 0]),
    octagon: frustum({
      radiusBottom: size * 0.52,
      radiusTop: size * 0.52,
      height: h,
      sides: 8,
      bottom: 0.08,
    }),
    tall: transform(lowPolySphere(size * 0.5, 7, 5, [0, 0, 0]), ([x, y, z]) => [
      x,
      y * (h / size) * 1.1 + 0.08 + h / 2,
      z,
    ]),
  }[avatar.head];
  const eyeY = 0.08 + h * 0.55;
  const faceZ = size * 0.5;
  const eyes = merge(
    box([0.045, 0.06, 0.03], [0.065, eyeY, faceZ]),
    box([0.045, 0.06, 0.03], [-0.065, eyeY, faceZ]),
  );
  const top = 0.08 + h;
  const accessory: MeshData | null = {
    none: null,
    cap: merge(
      frustum({
        radiusBottom: size * 0.56,
        radiusTop: size * 0.5,
        height: 0.08,
        sides: 8,
        bottom: top - 0.04,
      }),
      box([size * 0.7, 0.025, size * 0.4], [0, top - 0.03, size * 0.45]),
    ),
    "cone-hat": frustum({
      radiusBottom: size * 0.45,
      radiusTop: 0,
      height: 0.3,
      sides: 6,
      bottom: top - 0.02,
    }),
    crest: box([0.05, 0.12, size * 0.8], [0, top + 0.02, 0]),
    halo: frustum({
      radiusBottom: size * 0.5,
      radiusTop: size * 0.5,
      height: 0.025,
      sides: 10,
      bottom: top + 0.1,
    }),
  }[avatar.accessory];
  return [
    { mesh: merge(neck, skull), material: "skin" },
    { mesh: eyes, material: "dark" },
    ...(accessory ? [{ mesh: accessory, material: "accent" as const }] : []),
  ];
}

function primitive(doc: Document, mesh: MeshData, mat: Material) {
  const buffer = doc.getRoot().listBuffers()[0]!;
  const position = doc
    .createAccessor()
    .setType("VEC3")
    .setArray(new Float32Array(mesh.positions))
    .setBuffer(buffer);
  const normal = doc
    .createAccessor()
    .setType("VEC3")
    .setArray(new Float32Array(mesh.normals))
    .setBuffer(buffer);
  return doc
    .createPrimitive()
    .setAttribute("POSITION", position)
    .setAttribute("NORMAL", normal)
    .setMaterial(mat);
}

function material(doc: Document, name: string, hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) =>
    srgbToLinear(Number.parseInt(hex.slice(i, i + 2), 16) / 255),
  );
  return doc
    .createMaterial(name)
    .setBaseColorFactor([r!, g!, b!, 1])
    .setRoughnessFactor(0.85)
    .setMetallicFactor(0);
}

/** glTF colour factors are linear; the palette is written in sRGB. */
function srgbToLinear(c: number) {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
