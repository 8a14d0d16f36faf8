import type { CustomSpace, Level, Wall } from "@atrium/domain";

// An axonometric drawing of a custom space's real structure (floors, walls with their doors and
// windows cut out, each side in its finish's colour), as SVG: the cover photos and galleries of
// premade spaces are drawn from their own scene documents with it. Walls nearest the viewer are
// cut low, like an architect's cutaway, so the rooms can be seen.

export interface AxonometricOptions {
  width: number;
  height: number;
  /** Direction the viewer looks from, degrees around the vertical axis. */
  azimuth: number;
  /** Degrees above the horizon; 90 draws the plan from above. */
  elevation?: number;
  /** Colour of a surface: its material's colour when it has one, else its own colour. */
  colorOf: (materialId: string | null, color: string) => string;
  background?: string;
  /** Height walls facing the viewer are cut to, in metres. */
  cutHeight?: number;
}

type P3 = [number, number, number];
type Face = { points: P3[]; fill: string; depth: number; stroke?: string };

export function axonometricSvg(space: CustomSpace, options: AxonometricOptions): string {
  const {
    width,
    height,
    azimuth,
    elevation = 32,
    colorOf,
    background = "#eef3f8",
    cutHeight = 1.1,
  } = options;
  const a = (azimuth * Math.PI) / 180;
  const e = (elevation * Math.PI) / 180;
  const project = ([x, y, z]: P3) => {
    const rx = x * Math.cos(a) - z * Math.sin(a);
    const depth = x * Math.sin(a) + z * Math.cos(a);
    return {
      x: rx,
      y: -y * Math.cos(e) + depth * Math.sin(e),
      depth: depth * Math.cos(e) + y * Math.sin(e),
    };
  };
  const view: P3 = [Math.sin(a) * Math.cos(e), Math.sin(e), Math.cos(a) * Math.cos(e)];
  const light: P3 = normalize([0.4, 0.85, 0.3]);

  const faces: Face[] = [];
  const levels = [...space.levels].sort((first, second) => first.elevation - second.elevation);
  const centre = centreOf(levels);
  for (const level of levels) {
    const y = level.elevation;
    const floor = level.floor.outline.map(([x, z]) => [x, y, z] as P3);
    faces.push({
      points: floor,
      fill: shade(colorOf(level.floor.materialId, level.floor.color), 0.95),
      depth: -1e9 + y,
      stroke: "#9aa5b1",
    });
    for (const wall of level.walls)
      faces.push(...wallFaces(wall, level, centre, cutHeight, view, light, colorOf, project));
  }

  const projected = faces.map((face) => ({ ...face, screen: face.points.map(project) }));
  const xs = projected.flatMap((face) => face.screen.map((point) => point.x));
  const ys = projected.flatMap((face) => face.screen.map((point) => point.y));
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  const scale = Math.min((width * 0.88) / (maxX - minX || 1), (height * 0.84) / (maxY - minY || 1));
  const offsetX = width / 2 - ((minX + maxX) / 2) * scale;
  const offsetY = height / 2 - ((minY + maxY) / 2) * scale;

  projected.sort((first, second) => first.depth - second.depth);
  const polygons = projected
    .map((face) => {
      const points = face.screen
        .map(
          (point) =>
            `${(point.x * scale + offsetX).toFixed(1)},${(point.y * scale + offsetY).toFixed(1)}`,
        )
        .join(" ");
      return `<polygon points="${points}" fill="${face.fill}" stroke="${face.stroke ?? "#5b6470"}" stroke-width="${face.stroke ? 1 : 0.8}" stroke-linejoin="round"/>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${background}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#bg)"/>${polygons}</svg>`;
}

function wallFaces(
  wall: Wall,
  level: Level,
  centre: [number, number],
  cutHeight: number,
  view: P3,
  light: P3,
  colorOf: AxonometricOptions["colorOf"],
  project: (point: P3) => { depth: number },
): Face[] {
  const [sx, sz] = wall.start;
  const [ex, ez] = wall.end;
  const length = Math.hypot(ex - sx, ez - sz);
  if (length === 0) return [];
  const dir: [number, number] = [(ex - sx) / length, (ez - sz) / length];
  // left of the walking direction (start to end), in plan
  const left: [number, number] = [dir[1], -dir[0]];
  const half = wall.thickness / 2;
  const base = level.elevation;
  const mid: [number, number] = [(sx + ex) / 2, (sz + ez) / 2];
  // a wall between the viewer and the space's centre is cut low so the rooms show
  const towardViewer = (mid[0] - centre[0]) * view[0] + (mid[1] - centre[1]) * view[2] > 0.5;
  const top = towardViewer ? Math.min(cutHeight, wall.height) : wall.height;

  const pieces: { from: number; to: number; bottom: number; top: number }[] = [];
  let cursor = 0;
  for (const opening of [...wall.openings].sort((first, second) => first.offset - second.offset)) {
    const from = Math.max(cursor, opening.offset);
    const to = Math.min(length, opening.offset + opening.width);
    if (from > cursor) pieces.push({ from: cursor, to: from, bottom: 0, top });
    if (opening.sill > 0) pieces.push({ from, to, bottom: 0, top: Math.min(top, opening.sill) });
    if (opening.sill + opening.height < top)
      pieces.push({ from, to, bottom: opening.sill + opening.height, top });
    cursor = Math.max(cursor, to);
  }
  if (cursor < length) pieces.push({ from: cursor, to: length, bottom: 0, top });

  const at = (distance: number, side: number, y: number): P3 => [
    sx + dir[0] * distance + left[0] * half * side,
    base + y,
    sz + dir[1] * distance + left[1] * half * side,
  ];
  const leftColor = colorOf(wall.left.materialId, wall.left.color);
  const rightColor = colorOf(wall.right.materialId, wall.right.color);
  const faces: Face[] = [];
  for (const piece of pieces) {
    if (piece.top - piece.bottom < 0.01 || piece.to - piece.from < 0.01) continue;
    const box = {
      left: [
        at(piece.from, 1, piece.bottom),
        at(piece.to, 1, piece.bottom),
        at(piece.to, 1, piece.top),
        at(piece.from, 1, piece.top),
      ],
      right: [
        at(piece.to, -1, piece.bottom),
        at(piece.from, -1, piece.bottom),
        at(piece.from, -1, piece.top),
        at(piece.to, -1, piece.top),
      ],
      startCap: [
        at(piece.from, -1, piece.bottom),
        at(piece.from, 1, piece.bottom),
        at(piece.from, 1, piece.top),
        at(piece.from, -1, piece.top),
      ],
      endCap: [
        at(piece.to, 1, piece.bottom),
        at(piece.to, -1, piece.bottom),
        at(piece.to, -1, piece.top),
        at(piece.to, 1, piece.top),
      ],
      top: [
        at(piece.from, 1, piece.top),
        at(piece.to, 1, piece.top),
        at(piece.to, -1, piece.top),
        at(piece.from, -1, piece.top),
      ],
    } satisfies Record<string, P3[]>;
    const normals: Record<keyof typeof box, P3> = {
      left: [left[0], 0, left[1]],
      right: [-left[0], 0, -left[1]],
      startCap: [-dir[0], 0, -dir[1]],
      endCap: [dir[0], 0, dir[1]],
      top: [0, 1, 0],
    };
    const centreDepth = project(
      at((piece.from + piece.to) / 2, 0, (piece.bottom + piece.top) / 2),
    ).depth;
    for (const key of Object.keys(box) as (keyof typeof box)[]) {
      const normal = normals[key];
      if (dot(normal, view) <= 0) continue; // faces turned away are hidden
      const color =
        key === "top"
          ? "#4a5059"
          : key === "right"
            ? rightColor
            : key === "left"
              ? leftColor
              : "#c9ced6";
      const lit = key === "top" ? 1 : 0.62 + 0.38 * Math.max(0, dot(normal, light));
      faces.push({
        points: box[key],
        fill: shade(color, lit),
        depth: centreDepth + (key === "top" ? 0.001 : 0),
      });
    }
  }
  return faces;
}

function centreOf(levels: Level[]): [number, number] {
  const points = levels.flatMap((level) => level.floor.outline);
  const xs = points.map((point) => point[0]);
  const zs = points.map((point) => point[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...zs) + Math.max(...zs)) / 2];
}

function shade(hex: string, factor: number) {
  const value = hex.replace("#", "");
  const full = value.length === 3 ? value.replace(/./g, (c) => c + c) : value.slice(0, 6);
  const channel = (index: number) =>
    Math.max(
      0,
      Math.min(255, Math.round(Number.parseInt(full.slice(index, index + 2), 16) * factor)),
    );
  return `rgb(${channel(0)},${channel(2)},${channel(4)})`;
}

const dot = (first: P3, second: P3) =>
  first[0] * second[0] + first[1] * second[1] + first[2] * second[2];
function normalize(v: P3): P3 {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}
