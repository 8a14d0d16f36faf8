import { assetMessages } from "@atrium/domain";
import { Document, type Material, type Texture } from "@gltf-transform/core";
import { UploadRejected } from "../upload-rejected.js";

// Wavefront OBJ with its MTL materials, read into a glTF document. Faces are triangulated as
// fans; each object keeps one primitive per material; vertices are shared within a primitive
// by their position/uv/normal triple. Texture and material files are looked up through
// `resolve`, which knows the uploaded files.

export interface ObjCompanions {
  /** The bytes of a file the OBJ or an MTL names, or null when it was not uploaded. */
  resolve(reference: string): { name: string; bytes: Uint8Array } | null;
  /** The image's MIME type from its content, or null when it is no supported image. */
  imageType(bytes: Uint8Array): string | null;
  maxVertices: number;
}

interface MtlMaterial {
  name: string;
  color: [number, number, number];
  opacity: number;
  emissive: [number, number, number];
  shininess: number | null;
  colorMap: string | null;
  normalMap: string | null;
  emissiveMap: string | null;
}

interface Group {
  object: string;
  material: string | null;
  /** Triangle corners as indices into `corners` of the primitive under construction. */
  positions: number[];
  uvs: number[];
  normals: number[];
  keyToIndex: Map<string, number>;
  indices: number[];
}

const decoder = new TextDecoder();

export function objToDocument(fileName: string, bytes: Uint8Array, companions: ObjCompanions) {
  const text = decoder.decode(bytes);
  const positions: number[] = [];
  const colors: number[] = [];
  const uvs: number[] = [];
  const normals: number[] = [];
  const materials = new Map<string, MtlMaterial>();
  const groups = new Map<string, Group>();
  let object = "";
  let material: string | null = null;
  let current: Group | null = null;
  let vertexTotal = 0;

  const groupFor = () => {
    const key = `${object}\u0000${material ?? ""}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        object,
        material,
        positions: [],
        uvs: [],
        normals: [],
        keyToIndex: new Map(),
        indices: [],
      };
      groups.set(key, group);
    }
    return group;
  };

  const resolveIndex = (raw: string | undefined, count: number) => {
    if (raw === undefined || raw === "") return -1;
    const value = Number.parseInt(raw, 10);
    if (!Number.isFinite(value) || value === 0) return Number.NaN;
    const index = value < 0 ? count + value : value - 1;
    return index >= 0 && index < count ? index : Number.NaN;
  };

  const invalid = (line: number, reason: string) =>
    new UploadRejected(assetMessages.invalidModel, {
      file: fileName,
      reason: `line ${line}: ${reason}`,
    });

  const lines = text.split(/\r?\n/);
  for (let lineNumber = 0; lineNumber < lines.length; lineNumber++) {
    let line = (lines[lineNumber] as string).trim();
    // a backslash at the end continues the statement on the next line
    while (line.endsWith("\\") && lineNumber + 1 < lines.length) {
      line = `${line.slice(0, -1)} ${(lines[++lineNumber] as string).trim()}`;
    }
    if (line === "" || line.startsWith("#")) continue;
    const parts = line.split(/\s+/);
    const keyword = parts[0];
    switch (keyword) {
      case "v": {
        const [x, y, z] = [parts[1], parts[2], parts[3]].map(Number);
        if (![x, y, z].every(Number.isFinite)) throw invalid(lineNumber + 1, "bad vertex");
        positions.push(x as number, y as number, z as number);
        if (parts.length >= 7) colors.push(Number(parts[4]), Number(parts[5]), Number(parts[6]));
        break;
      }
      case "vt": {
        const u = Number(parts[1]);
        const v = parts[2] === undefined ? 0 : Number(parts[2]);
        if (!Number.isFinite(u) || !Number.isFinite(v))
          throw invalid(lineNumber + 1, "bad texture coordinate");
        uvs.push(u, 1 - v);
        break;
      }
      case "vn": {
        const [x, y, z] = [parts[1], parts[2], parts[3]].map(Number);
        if (![x, y, z].every(Number.isFinite)) throw invalid(lineNumber + 1, "bad normal");
        normals.push(x as number, y as number, z as number);
        break;
      }
      case "f": {
        if (parts.length < 4) throw invalid(lineNumber + 1, "a face needs at least 3 corners");
        current ??= groupFor();
        const group = current;
        const corners: number[] = [];
        for (let i = 1; i < parts.length; i++) {
          const [p, t, n] = (parts[i] as string).split("/");
          const pi = resolveIndex(p, positions.length / 3);
          const ti = resolveIndex(t, uvs.length / 2);
          const ni = resolveIndex(n, normals.length / 3);
          if (Number.isNaN(pi) || pi < 0 || Number.isNaN(ti) || Number.isNaN(ni)) {
            throw invalid(lineNumber + 1, "a face refers to a vertex that does not exist");
          }
          const key = `${pi}/${ti}/${ni}`;
          let index = group.keyToIndex.get(key);
          if (index === undefined) {
            index = group.keyToIndex.size;
            group.keyToIndex.set(key, index);
            group.positions.push(pi);
            group.uvs.push(ti);
            group.normals.push(ni);
            if (++vertexTotal > companions.maxVertices) {
              throw new UploadRejected(assetMessages.tooManyVertices, {
                file: fileName,
                limit: companions.maxVertices,
              });
            }
          }
          corners.push(index);
        }
        for (let i = 1; i + 1 < corners.length; i++) {
          group.indices.push(corners[0] as number, corners[i] as number, corners[i + 1] as number);
        }
        break;
      }
      case "o":
        object = parts.slice(1).join(" ");
        current = null;
        break;
      case "g":
        if (object === "") object = parts.slice(1).join(" ");
        current = null;
        break;
      case "usemtl":
        material = parts.slice(1).join(" ") || null;
        current = null;
        break;
      case "mtllib": {
        const reference = line.slice("mtllib".length).trim();
        const library = companions.resolve(reference);
        if (!library) {
          throw new UploadRejected(assetMessages.missingCompanion, {
            file: fileName,
            missing: reference,
          });
        }
        for (const parsed of parseMtl(decoder.decode(library.bytes)))
          materials.set(parsed.name, parsed);
        break;
      }
      default:
        // s, l, p, curves and other statements are ignored: they draw no triangles
        break;
    }
  }

  const document = new Document();
  const buffer = document.createBuffer();
  const scene = document.createScene(fileName);
  const gltfMaterials = new Map<string, Material>();
  const textures = new Map<string, Texture>();

  const textureFor = (reference: string | null, ownerName: string) => {
    if (!reference) return null;
    const cached = textures.get(reference);
    if (cached) return cached;
    const image = companions.resolve(reference);
    if (!image)
      throw new UploadRejected(assetMessages.missingCompanion, {
        file: ownerName,
        missing: reference,
      });
    const mimeType = companions.imageType(image.bytes);
    if (!mimeType) {
      throw new UploadRejected(assetMessages.wrongContent, {
        file: image.name,
        expected: "a PNG, JPEG or WebP image",
      });
    }
    const texture = document.createTexture(image.name).setImage(image.bytes).setMimeType(mimeType);
    textures.set(reference, texture);
    return texture;
  };

  const materialFor = (name: string | null) => {
    const key = name ?? "";
    const existing = gltfMaterials.get(key);
    if (existing) return existing;
    const source = name ? materials.get(name) : undefined;
    const result = document
      .createMaterial(name ?? "default")
      .setRoughnessFactor(0.8)
      .setMetallicFactor(0);
    if (source) {
      result.setBaseColorFactor([...source.color, source.opacity]);
      if (source.opacity < 1) result.setAlphaMode("BLEND");
      if (source.emissive.some((value) => value > 0)) result.setEmissiveFactor(source.emissive);
      if (source.shininess !== null)
        result.setRoughnessFactor(
          Math.max(0.05, Math.min(1, 1 - Math.sqrt(source.shininess / 1000))),
        );
      const color = textureFor(source.colorMap, `${name}.mtl`);
      if (color) result.setBaseColorTexture(color);
      const normal = textureFor(source.normalMap, `${name}.mtl`);
      if (normal) result.setNormalTexture(normal);
      const emissive = textureFor(source.emissiveMap, `${name}.mtl`);
      if (emissive) result.setEmissiveTexture(emissive).setEmissiveFactor([1, 1, 1]);
    } else if (name) {
      // a material the file names but no MTL defines: a neutral grey, as viewers show it
      result.setBaseColorFactor([0.8, 0.8, 0.8, 1]);
    }
    gltfMaterials.set(key, result);
    return result;
  };

  const meshes = new Map<string, ReturnType<Document["createMesh"]>>();
  for (const group of groups.values()) {
    if (group.indices.length === 0) continue;
    let mesh = meshes.get(group.object);
    if (!mesh) {
      mesh = document.createMesh(group.object || "mesh");
      meshes.set(group.object, mesh);
      scene.addChild(document.createNode(group.object || "mesh").setMesh(mesh));
    }
    const count = group.positions.length;
    const position = new Float32Array(count * 3);
    const hasUv = group.uvs.every((index) => index >= 0);
    const hasNormal = group.normals.every((index) => index >= 0);
    const hasColor = colors.length === positions.length;
    const uv = hasUv ? new Float32Array(count * 2) : null;
    const normal = hasNormal ? new Float32Array(count * 3) : null;
    const color = hasColor ? new Float32Array(count * 3) : null;
    for (let i = 0; i < count; i++) {
      const p = (group.positions[i] as number) * 3;
      for (let k = 0; k < 3; k++) position[i * 3 + k] = positions[p + k] as number;
      if (color) for (let k = 0; k < 3; k++) color[i * 3 + k] = colors[p + k] as number;
      if (uv) {
        const t = (group.uvs[i] as number) * 2;
        uv[i * 2] = uvs[t] as number;
        uv[i * 2 + 1] = uvs[t + 1] as number;
      }
      if (normal) {
        const n = (group.normals[i] as number) * 3;
        for (let k = 0; k < 3; k++) normal[i * 3 + k] = normals[n + k] as number;
      }
    }
    const IndexArray = count > 65535 ? Uint32Array : Uint16Array;
    const primitive = document
      .createPrimitive()
      .setAttribute(
        "POSITION",
        document.createAccessor().setType("VEC3").setArray(position).setBuffer(buffer),
      )
      .setIndices(
        document
          .createAccessor()
          .setType("SCALAR")
          .setArray(new IndexArray(group.indices))
          .setBuffer(buffer),
      )
      .setMaterial(materialFor(group.material));
    if (normal)
      primitive.setAttribute(
        "NORMAL",
        document.createAccessor().setType("VEC3").setArray(normal).setBuffer(buffer),
      );
    if (uv)
      primitive.setAttribute(
        "TEXCOORD_0",
        document.createAccessor().setType("VEC2").setArray(uv).setBuffer(buffer),
      );
    if (color)
      primitive.setAttribute(
        "COLOR_0",
        document.createAccessor().setType("VEC3").setArray(color).setBuffer(buffer),
      );
    mesh.addPrimitive(primitive);
  }
  return document;
}

export function parseMtl(text: string): MtlMaterial[] {
  const result: MtlMaterial[] = [];
  let current: MtlMaterial | null = null;
  const rgb = (parts: string[]): [number, number, number] => {
    const values = parts.slice(1, 4).map(Number);
    const [r = 0, g = r, b = r] = values.map((value) =>
      Number.isFinite(value) ? Math.max(0, Math.min(1, value)) : 0,
    );
    return [r, g, b];
  };
  // the file is the last word of a map statement; options such as -bm 1 come before it
  const mapFile = (line: string) =>
    line
      .split(/\s+/)
      .slice(1)
      .filter(
        (part, index, all) =>
          !part.startsWith("-") &&
          !(index > 0 && all[index - 1]?.startsWith("-") && /^[-\d.]+$/.test(part)),
      )
      .join(" ") || null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const parts = line.split(/\s+/);
    const keyword = (parts[0] as string).toLowerCase();
    if (keyword === "newmtl") {
      current = {
        name: parts.slice(1).join(" "),
        color: [0.8, 0.8, 0.8],
        opacity: 1,
        emissive: [0, 0, 0],
        shininess: null,
        colorMap: null,
        normalMap: null,
        emissiveMap: null,
      };
      result.push(current);
      continue;
    }
    if (!current) continue;
    if (keyword === "kd") current.color = rgb(parts);
    else if (keyword === "ke") current.emissive = rgb(parts);
    else if (keyword === "d") current.opacity = clamp01(Number(parts[1]));
    else if (keyword === "tr") current.opacity = 1 - clamp01(Number(parts[1]));
    else if (keyword === "ns") current.shininess = Number(parts[1]) || 0;
    else if (keyword === "map_kd") current.colorMap = mapFile(line);
    else if (keyword === "map_ke") current.emissiveMap = mapFile(line);
    else if (keyword === "map_bump" || keyword === "bump" || keyword === "norm")
      current.normalMap = mapFile(line);
  }
  return result;
}

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.min(1, value)) : 1);
