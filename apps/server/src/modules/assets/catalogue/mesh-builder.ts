import { Document, type Material, type Texture } from "@gltf-transform/core";

// Low-poly geometry written in code: boxes, cylinders, lathed profiles, spheres and tubes,
// each placed with a position and a rotation about y, gathered per material into one glTF
// document. The catalogue's props are made from these; nothing is downloaded or copied.

export type Vec3 = [number, number, number];

export interface SurfaceSpec {
  name: string;
  color: [number, number, number, number?];
  roughness?: number;
  metalness?: number;
  emissive?: [number, number, number];
  /** A PNG or JPEG made in code, mapped with the builder's UVs. */
  texture?: { name: string; bytes: Uint8Array; mimeType: string };
  doubleSided?: boolean;
}

interface Placement {
  at?: Vec3;
  /** Rotation about the y axis, radians. */
  turn?: number;
  /** Rotation about the x axis, radians (applied before turn). */
  tilt?: number;
}

export class MeshBuilder {
  readonly positions: number[] = [];
  readonly normals: number[] = [];
  readonly uvs: number[] = [];
  readonly indices: number[] = [];

  private vertex(p: Vec3, n: Vec3, uv: [number, number], place: Placement) {
    const [x, y, z] = transform(p, place);
    const [nx, ny, nz] = transform(n, { ...place, at: [0, 0, 0] });
    this.positions.push(x, y, z);
    this.normals.push(nx, ny, nz);
    this.uvs.push(uv[0], uv[1]);
    return this.positions.length / 3 - 1;
  }

  private quad(
    corners: [Vec3, Vec3, Vec3, Vec3],
    normal: Vec3,
    place: Placement,
    uvScale: [number, number] = [1, 1],
  ) {
    const uv: [number, number][] = [
      [0, uvScale[1]],
      [uvScale[0], uvScale[1]],
      [uvScale[0], 0],
      [0, 0],
    ];
    const [a, b, c, d] = corners.map((corner, i) =>
      this.vertex(corner, normal, uv[i] as [number, number], place),
    );
    this.indices.push(a as number, b as number, c as number, a as number, c as number, d as number);
  }

  /** An axis-aligned box of `size`, centred on `at` (bottom at at[1] - size[1] / 2). */
  box(size: Vec3, place: Placement = {}) {
    const [w, h, d] = size.map((value) => value / 2) as Vec3;
    const p = (x: number, y: number, z: number): Vec3 => [x * w, y * h, z * d];
    this.quad([p(-1, -1, 1), p(1, -1, 1), p(1, 1, 1), p(-1, 1, 1)], [0, 0, 1], place, [
      size[0],
      size[1],
    ]);
    this.quad([p(1, -1, -1), p(-1, -1, -1), p(-1, 1, -1), p(1, 1, -1)], [0, 0, -1], place, [
      size[0],
      size[1],
    ]);
    this.quad([p(1, -1, 1), p(1, -1, -1), p(1, 1, -1), p(1, 1, 1)], [1, 0, 0], place, [
      size[2],
      size[1],
    ]);
    this.quad([p(-1, -1, -1), p(-1, -1, 1), p(-1, 1, 1), p(-1, 1, -1)], [-1, 0, 0], place, [
      size[2],
      size[1],
    ]);
    this.quad([p(-1, 1, 1), p(1, 1, 1), p(1, 1, -1), p(-1, 1, -1)], [0, 1, 0], place, [
      size[0],
      size[2],
    ]);
    this.quad([p(-1, -1, -1), p(1, -1, -1), p(1, -1, 1), p(-1, -1, 1)], [0, -1, 0], place, [
      size[0],
      size[2],
    ]);
    return this;
  }

  /**
   * A surface of revolution about y: `profile` is [radius, height] from bottom to top. Flat
   * caps close it when the first or last radius is not 0.
   */
  lathe(profile: [number, number][], segments: number, place: Placement = {}) {
    const rings: number[][] = [];
    for (let i = 0; i < profile.length; i++) {
      const [r, y] = profile[i] as [number, number];
      const prev = profile[Math.max(0, i - 1)] as [number, number];
      const next = profile[Math.min(profile.length - 1, i + 1)] as [number, number];
      // the profile's normal: perpendicular to the chord through the neighbours
      let dr = next[0] - prev[0];
      let dy = next[1] - prev[1];
      const length = Math.hypot(dr, dy) || 1;
      dr /= length;
      dy /= length;
      const ring: number[] = [];
      for (let s = 0; s <= segments; s++) {
        const angle = (s / segments) * Math.PI * 2;
        const cos = Math.cos(angle);
        const sin = Math.sin(angle);
        ring.push(
          this.vertex(
            [r * cos, y, r * sin],
            [dy * cos, -dr, dy * sin],
            [s / segments, i / (profile.length - 1)],
            place,
          ),
        );
      }
      rings.push(ring);
    }
    for (let i = 0; i + 1 < rings.length; i++) {
      const low = rings[i] as number[];
      const high = rings[i + 1] as number[];
      for (let s = 0; s < segments; s++) {
        this.indices.push(low[s] as number, high[s] as number, low[s + 1] as number);
        this.indices.push(low[s + 1] as number, high[s] as number, high[s + 1] as number);
      }
    }
    const cap = (index: number, up: boolean) => {
      const [r, y] = profile[index] as [number, number];
      if (r <= 0) return;
      const center = this.vertex([0, y, 0], [0, up ? 1 : -1, 0], [0.5, 0.5], place);
      const ring: number[] = [];
      for (let s = 0; s <= segments; s++) {
        const angle = (s / segments) * Math.PI * 2;
        ring.push(
          this.vertex(
            [r * Math.cos(angle), y, r * Math.sin(angle)],
            [0, up ? 1 : -1, 0],
            [0.5 + Math.cos(angle) / 2, 0.5 + Math.sin(angle) / 2],
            place,
          ),
        );
      }
      for (let s = 0; s < segments; s++) {
        if (up) this.indices.push(center, ring[s + 1] as number, ring[s] as number);
        else this.indices.push(center, ring[s] as number, ring[s + 1] as number);
      }
    };
    cap(0, false);
    cap(profile.length - 1, true);
    return this;
  }

  cylinder(radius: number, height: number, segments: number, place: Placement = {}) {
    return this.lathe(
      [
        [radius, 0],
        [radius, height],
      ],
      segments,
      place,
    );
  }

  /** A sphere from lathe rings; `squash` scales it vertically. */
  sphere(radius: number, segments: number, place: Placement = {}, squash = 1) {
    const rings = Math.max(3, Math.round(segments / 2));
    const profile: [number, number][] = [];
    for (let i = 0; i <= rings; i++) {
      const angle = -Math.PI / 2 + (i / rings) * Math.PI;
      profile.push([Math.cos(angle) * radius, (Math.sin(angle) * radius + radius) * squash]);
    }
    return this.lathe(profile, segments, place);
  }

  /** A round tube along `path` (at least two points). */
  tube(path: Vec3[], radius: number, segments: number, place: Placement = {}) {
    const rings: number[][] = [];
    for (let i = 0; i < path.length; i++) {
      const point = path[i] as Vec3;
      const next = path[Math.min(path.length - 1, i + 1)] as Vec3;
      const prev = path[Math.max(0, i - 1)] as Vec3;
      const tangent = normalize([next[0] - prev[0], next[1] - prev[1], next[2] - prev[2]]);
      const helper: Vec3 = Math.abs(tangent[1]) > 0.9 ? [1, 0, 0] : [0, 1, 0];
      const side = normalize(cross(tangent, helper));
      const up = cross(side, tangent);
      const ring: number[] = [];
      for (let s = 0; s <= segments; s++) {
        const angle = (s / segments) * Math.PI * 2;
        const n: Vec3 = [
          side[0] * Math.cos(angle) + up[0] * Math.sin(angle),
          side[1] * Math.cos(angle) + up[1] * Math.sin(angle),
          side[2] * Math.cos(angle) + up[2] * Math.sin(angle),
        ];
        ring.push(
          this.vertex(
            [point[0] + n[0] * radius, point[1] + n[1] * radius, point[2] + n[2] * radius],
            n,
            [s / segments, i / (path.length - 1)],
            place,
          ),
        );
      }
      rings.push(ring);
    }
    for (let i = 0; i + 1 < rings.length; i++) {
      const a = rings[i] as number[];
      const b = rings[i + 1] as number[];
      for (let s = 0; s < segments; s++) {
        this.indices.push(a[s] as number, a[s + 1] as number, b[s] as number);
        this.indices.push(a[s + 1] as number, b[s + 1] as number, b[s] as number);
      }
    }
    return this;
  }

  /** A flat rectangle facing +z (a picture, a screen), `size` = [width, height]. */
  panel(size: [number, number], place: Placement = {}) {
    const [w, h] = [size[0] / 2, size[1] / 2];
    this.quad(
      [
        [-w, -h, 0],
        [w, -h, 0],
        [w, h, 0],
        [-w, h, 0],
      ],
      [0, 0, 1],
      place,
    );
    return this;
  }

  get triangleCount() {
    return this.indices.length / 3;
  }
}

/**
 * Builds one glTF document from parts that share materials by name. `extras` go on the scene
 * (three.js reads them as the scene's `userData`), e.g. a prop's collision boxes.
 */
export function buildModel(
  name: string,
  parts: [SurfaceSpec, MeshBuilder][],
  extras?: Record<string, unknown>,
): Document {
  const document = new Document();
  document.getRoot().getAsset().generator = "Atrium catalogue";
  const buffer = document.createBuffer();
  const scene = document.createScene(name);
  if (extras) scene.setExtras(extras);
  const mesh = document.createMesh(name);
  const materials = new Map<string, Material>();
  const textures = new Map<string, Texture>();
  for (const [surface, builder] of parts) {
    if (builder.indices.length === 0) continue;
    let material = materials.get(surface.name);
    if (!material) {
      const [r, g, b, a = 1] = surface.color;
      material = document
        .createMaterial(surface.name)
        .setBaseColorFactor([r, g, b, a])
        .setRoughnessFactor(surface.roughness ?? 0.7)
        .setMetallicFactor(surface.metalness ?? 0)
        .setDoubleSided(surface.doubleSided ?? false);
      if (a < 1) material.setAlphaMode("BLEND");
      if (surface.emissive) material.setEmissiveFactor(surface.emissive);
      if (surface.texture) {
        let texture = textures.get(surface.texture.name);
        if (!texture) {
          texture = document
            .createTexture(surface.texture.name)
            .setImage(surface.texture.bytes)
            .setMimeType(surface.texture.mimeType);
          textures.set(surface.texture.name, texture);
        }
        material.setBaseColorTexture(texture);
      }
      materials.set(surface.name, material);
    }
    const accessor = (
      type: "VEC3" | "VEC2" | "SCALAR",
      array: Float32Array | Uint16Array | Uint32Array,
    ) => document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
    const count = builder.positions.length / 3;
    mesh.addPrimitive(
      document
        .createPrimitive()
        .setAttribute("POSITION", accessor("VEC3", new Float32Array(builder.positions)))
        .setAttribute("NORMAL", accessor("VEC3", new Float32Array(builder.normals)))
        .setAttribute("TEXCOORD_0", accessor("VEC2", new Float32Array(builder.uvs)))
        .setIndices(
          accessor(
            "SCALAR",
            count > 65535 ? new Uint32Array(builder.indices) : new Uint16Array(builder.indices),
          ),
        )
        .setMaterial(material),
    );
  }
  scene.addChild(document.createNode(name).setMesh(mesh));
  return document;
}

function transform(p: Vec3, { at = [0, 0, 0], turn = 0, tilt = 0 }: Placement): Vec3 {
  // tilt about x, then turn about y, then move
  const y1 = p[1] * Math.cos(tilt) - p[2] * Math.sin(tilt);
  const z1 = p[1] * Math.sin(tilt) + p[2] * Math.cos(tilt);
  const x2 = p[0] * Math.cos(turn) + z1 * Math.sin(turn);
  const z2 = -p[0] * Math.sin(turn) + z1 * Math.cos(turn);
  return [x2 + at[0], y1 + at[1], z2 + at[2]];
}

function normalize(v: Vec3): Vec3 {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
