// Draws Atrium's illustrations as SVG files (apps/web/public/illustrations and icons): isometric
// rooms for the marketing pages and article thumbnails, plus icons and avatars. Everything is
// made here, from code; nothing is downloaded. The output is committed; run
// `node scripts/illustrations.mjs` after changing this file to redraw it.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./lib.mjs";

const OUT = path.join(root, "apps/web/public");

// ---------- palettes ----------
const PALETTES = {
  sky: {
    wallL: "#e8f3fc",
    wallR: "#d6eaf9",
    floor: "#c7dff2",
    accent: "#3dabff",
    deep: "#1f649d",
    warm: "#ffb547",
    ink: "#17324d",
    paper: "#ffffff",
    bg1: "#eff8ff",
    bg2: "#dcf0ff",
  },
  sand: {
    wallL: "#fbf3e6",
    wallR: "#f3e6d1",
    floor: "#e2cfae",
    accent: "#e07a3f",
    deep: "#8c4a23",
    warm: "#3dabff",
    ink: "#3b2a1a",
    paper: "#fffdf8",
    bg1: "#fff7ec",
    bg2: "#fbead3",
  },
  mint: {
    wallL: "#e9f7f1",
    wallR: "#d5efe4",
    floor: "#bfe3d2",
    accent: "#1fa67a",
    deep: "#126349",
    warm: "#ff8a5b",
    ink: "#123d30",
    paper: "#ffffff",
    bg1: "#effaf5",
    bg2: "#d9f3e8",
  },
  plum: {
    wallL: "#f4ecfa",
    wallR: "#e8dbf4",
    floor: "#d5c2ea",
    accent: "#8a4fd1",
    deep: "#4d2586",
    warm: "#ffc94d",
    ink: "#2b1846",
    paper: "#ffffff",
    bg1: "#f8f2fd",
    bg2: "#ecdff8",
  },
  coral: {
    wallL: "#fdeeea",
    wallR: "#f8dcd4",
    floor: "#efc2b5",
    accent: "#e5533d",
    deep: "#8f2b1d",
    warm: "#3dabff",
    ink: "#3f1a13",
    paper: "#ffffff",
    bg1: "#fff4f1",
    bg2: "#fde1da",
  },
  night: {
    wallL: "#2a3550",
    wallR: "#222c44",
    floor: "#1a2236",
    accent: "#3dabff",
    deep: "#9fd3ff",
    warm: "#ffc94d",
    ink: "#e8f1ff",
    paper: "#f4f8ff",
    bg1: "#141b2b",
    bg2: "#1d2740",
  },
  slate: {
    wallL: "#eef1f5",
    wallR: "#e1e6ed",
    floor: "#cfd6e0",
    accent: "#4a6b8a",
    deep: "#23384d",
    warm: "#3dabff",
    ink: "#1c2733",
    paper: "#ffffff",
    bg1: "#f5f7fa",
    bg2: "#e6ebf1",
  },
};

// ---------- isometric geometry ----------
const COS = Math.cos(Math.PI / 6);
const SIN = Math.sin(Math.PI / 6);

function projector(cx, cy, s) {
  return (x, y, z = 0) => [cx + (x - y) * COS * s, cy + (x + y) * SIN * s - z * s];
}
const pts = (list) => list.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
const poly = (p, list, fill, extra = "") =>
  `<polygon points="${pts(list.map((q) => p(...q)))}" fill="${fill}" ${extra}/>`;

function box(p, x, y, z, w, d, h, colors) {
  const [top, left, right] = colors;
  return [
    poly(
      p,
      [
        [x, y + d, z],
        [x + w, y + d, z],
        [x + w, y + d, z + h],
        [x, y + d, z + h],
      ],
      left,
    ),
    poly(
      p,
      [
        [x + w, y, z],
        [x + w, y + d, z],
        [x + w, y + d, z + h],
        [x + w, y, z + h],
      ],
      right,
    ),
    poly(
      p,
      [
        [x, y, z + h],
        [x + w, y, z + h],
        [x + w, y + d, z + h],
        [x, y + d, z + h],
      ],
      top,
    ),
  ].join("");
}

/** A framed picture on the left wall (x = 0 plane), spanning y..y+w, z..z+h. */
function frameLeft(p, y, z, w, h, c, art) {
  const out = [
    poly(
      p,
      [
        [0, y, z],
        [0, y + w, z],
        [0, y + w, z + h],
        [0, y, z + h],
      ],
      c.ink,
    ),
  ];
  const i = 0.08;
  out.push(
    poly(
      p,
      [
        [0, y + i, z + i],
        [0, y + w - i, z + i],
        [0, y + w - i, z + h - i],
        [0, y + i, z + h - i],
      ],
      art[0],
    ),
  );
  out.push(
    poly(
      p,
      [
        [0, y + i, z + i],
        [0, y + w - i, z + i],
        [0, y + w * 0.5, z + h * 0.55],
      ],
      art[1],
    ),
  );
  out.push(
    poly(
      p,
      [
        [0, y + w * 0.55, z + i],
        [0, y + w - i, z + i],
        [0, y + w - i, z + h * 0.45],
        [0, y + w * 0.7, z + h * 0.3],
      ],
      art[2],
    ),
  );
  return out.join("");
}

/** A framed picture on the right wall (y = 0 plane), spanning x..x+w. */
function frameRight(p, x, z, w, h, c, art) {
  const out = [
    poly(
      p,
      [
        [x, 0, z],
        [x + w, 0, z],
        [x + w, 0, z + h],
        [x, 0, z + h],
      ],
      c.ink,
    ),
  ];
  const i = 0.08;
  out.push(
    poly(
      p,
      [
        [x + i, 0, z + i],
        [x + w - i, 0, z + i],
        [x + w - i, 0, z + h - i],
        [x + i, 0, z + h - i],
      ],
      art[0],
    ),
  );
  const [sx, sy] = p(x + w * 0.35, 0, z + h * 0.62);
  out.push(
    `<circle cx="${sx.toFixed(1)}" cy="${sy.toFixed(1)}" r="${(w * 7).toFixed(1)}" fill="${art[1]}"/>`,
  );
  out.push(
    poly(
      p,
      [
        [x + i, 0, z + i],
        [x + w - i, 0, z + i],
        [x + w - i, 0, z + h * 0.35],
        [x + w * 0.5, 0, z + h * 0.2],
        [x + i, 0, z + h * 0.4],
      ],
      art[2],
    ),
  );
  return out.join("");
}

/** A visitor: about 1.7 m tall at the room's scale. */
function person(p, x, y, color, skin = "#f1c7a5", scale = 1) {
  const [bx, by] = p(x, y, 0);
  const [, top] = p(x, y, 1.7 * scale);
  const h = by - top;
  const f = (n) => n.toFixed(1);
  return `<g><ellipse cx="${f(bx)}" cy="${f(by)}" rx="${f(h * 0.2)}" ry="${f(h * 0.08)}" fill="rgba(0,0,0,0.12)"/><rect x="${f(bx - h * 0.15)}" y="${f(by - h * 0.78)}" width="${f(h * 0.3)}" height="${f(h * 0.74)}" rx="${f(h * 0.15)}" fill="${color}"/><circle cx="${f(bx)}" cy="${f(by - h * 0.87)}" r="${f(h * 0.13)}" fill="${skin}"/></g>`;
}

function window_(p, y, z, w, h, c) {
  return poly(
    p,
    [
      [0, y, z],
      [0, y + w, z],
      [0, y + w, z + h],
      [0, y, z + h],
    ],
    c.bg2,
    `stroke="${c.paper}" stroke-width="3"`,
  );
}

// ---------- rooms ----------
function roomScene({ width, height, palette, draw, size = [6, 6, 3.2], scale }) {
  const c = PALETTES[palette];
  const [W, D, H] = size;
  const s =
    scale ?? Math.min(width / ((W + D) * COS * 1.25), height / ((W + D) * SIN * 1.2 + H * 1.25));
  const p = projector(
    width / 2 - (W - D) * COS * s * 0.5,
    height * 0.5 - (W + D) * SIN * s * 0.5 + H * s * 0.55,
    s,
  );
  const parts = [];
  parts.push(`<rect width="${width}" height="${height}" fill="url(#bg)"/>`);
  parts.push(
    poly(
      p,
      [
        [0, 0, 0],
        [W, 0, 0],
        [W, D, 0],
        [0, D, 0],
      ],
      c.floor,
    ),
  );
  parts.push(
    poly(
      p,
      [
        [0, 0, 0],
        [0, D, 0],
        [0, D, H],
        [0, 0, H],
      ],
      c.wallL,
    ),
  );
  parts.push(
    poly(
      p,
      [
        [0, 0, 0],
        [W, 0, 0],
        [W, 0, H],
        [0, 0, H],
      ],
      c.wallR,
    ),
  );
  parts.push(
    poly(
      p,
      [
        [0, 0, 0],
        [0, 0, H],
      ],
      "none",
      `stroke="${c.ink}" stroke-opacity="0.08" stroke-width="2"`,
    ),
  );
  parts.push(draw({ p, c, W, D, H, s }));
  const defs = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.bg1}"/><stop offset="1" stop-color="${c.bg2}"/></linearGradient></defs>`;
  return svg(width, height, defs + parts.join(""));
}

const svg = (w, h, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>\n`;

const SCENES = {
  gallery: ({ p, c, D, W }) =>
    [
      frameLeft(p, 0.8, 1.1, 1.6, 1.2, c, [c.accent, c.warm, c.deep]),
      frameLeft(p, 3.2, 1.3, 1.1, 0.9, c, [c.warm, c.paper, c.accent]),
      frameRight(p, 0.9, 1.0, 1.9, 1.4, c, [c.deep, c.warm, c.accent]),
      frameRight(p, 3.6, 1.2, 1.2, 1.0, c, [c.bg2, c.accent, c.deep]),
      box(p, W * 0.55, D * 0.55, 0, 0.8, 0.8, 0.9, [c.paper, c.wallR, c.wallL]),
      box(p, W * 0.55 + 0.2, D * 0.55 + 0.2, 0.9, 0.4, 0.4, 0.5, [c.warm, c.accent, c.deep]),
      person(p, W * 0.35, D * 0.75, c.accent),
      person(p, W * 0.8, D * 0.3, c.deep),
    ].join(""),
  classroom: ({ p, c, W, D }) =>
    [
      poly(
        p,
        [
          [0.6, 0, 0.9],
          [3.8, 0, 0.9],
          [3.8, 0, 2.4],
          [0.6, 0, 2.4],
        ],
        c.deep,
      ),
      poly(
        p,
        [
          [0.9, 0, 1.2],
          [2.4, 0, 1.2],
          [2.4, 0, 2.1],
          [0.9, 0, 2.1],
        ],
        c.accent,
      ),
      poly(
        p,
        [
          [2.6, 0, 1.6],
          [3.5, 0, 1.6],
          [3.5, 0, 1.7],
          [2.6, 0, 1.7],
        ],
        c.paper,
      ),
      poly(
        p,
        [
          [2.6, 0, 1.3],
          [3.3, 0, 1.3],
          [3.3, 0, 1.4],
          [2.6, 0, 1.4],
        ],
        c.paper,
      ),
      window_(p, 1.2, 1.1, 1.4, 1.2, c),
      window_(p, 3.4, 1.1, 1.4, 1.2, c),
      ...[1.6, 3.4].flatMap((x) =>
        [2.4, 4.2].map((y) => box(p, x, y, 0, 1.2, 0.8, 0.7, [c.paper, c.wallR, c.wallL])),
      ),
      person(p, W * 0.42, D * 0.72, c.warm, "#e0ac85", 0.9),
      person(p, W * 0.72, D * 0.5, c.accent, "#f1c7a5", 0.9),
      person(p, W * 0.3, D * 0.2, c.deep),
    ].join(""),
  showroom: ({ p, c, W, D }) =>
    [
      poly(
        p,
        [
          [0, 0.6, 2.3],
          [0, 5.4, 2.3],
          [0, 5.4, 2.6],
          [0, 0.6, 2.6],
        ],
        c.accent,
      ),
      ...[1.2, 3.1].map((x) => box(p, x, 1.3, 0, 0.9, 0.9, 0.8, [c.paper, c.wallR, c.wallL])),
      box(p, 1.35, 1.45, 0.8, 0.6, 0.6, 0.6, [c.warm, c.accent, c.deep]),
      box(p, 3.3, 1.5, 0.8, 0.5, 0.5, 0.9, [c.accent, c.deep, c.warm]),
      box(p, W * 0.5, D * 0.62, 0, 1.4, 1.4, 0.5, [c.paper, c.wallR, c.wallL]),
      box(p, W * 0.5 + 0.35, D * 0.62 + 0.35, 0.5, 0.7, 0.7, 0.7, [c.deep, c.warm, c.accent]),
      frameLeft(p, 1.2, 1.1, 1.4, 1.0, c, [c.paper, c.accent, c.warm]),
      person(p, W * 0.3, D * 0.8, c.deep),
    ].join(""),
  eventHall: ({ p, c, W }) =>
    [
      box(p, 0.2, 0.2, 0, W - 0.6, 1.6, 0.4, [c.deep, c.ink, c.accent]),
      poly(
        p,
        [
          [1.2, 0, 1.0],
          [W - 1.2, 0, 1.0],
          [W - 1.2, 0, 2.7],
          [1.2, 0, 2.7],
        ],
        c.ink,
      ),
      poly(
        p,
        [
          [1.4, 0, 1.2],
          [W - 1.4, 0, 1.2],
          [W - 1.4, 0, 2.5],
          [1.4, 0, 2.5],
        ],
        c.accent,
      ),
      person(p, W * 0.45, 1.0, c.warm, "#f1c7a5", 1.1),
      ...[
        [2.2, 3.0, c.deep],
        [3.4, 3.2, c.warm],
        [4.6, 3.0, c.accent],
        [1.8, 4.3, c.accent],
        [3.0, 4.6, c.deep],
        [4.2, 4.4, c.warm],
        [5.2, 4.8, c.deep],
        [2.4, 5.4, c.warm],
        [3.8, 5.6, c.accent],
      ].map(([x, y, col]) => person(p, x, y, col, "#e8b896", 0.85)),
    ].join(""),
  museum: ({ p, c, W, D }) =>
    [
      frameLeft(p, 0.9, 1.0, 2.0, 1.5, c, [c.deep, c.warm, c.accent]),
      frameRight(p, 1.0, 1.2, 1.3, 1.0, c, [c.accent, c.paper, c.deep]),
      frameRight(p, 3.0, 1.2, 1.3, 1.0, c, [c.warm, c.deep, c.paper]),
      box(p, W * 0.5, D * 0.45, 0, 1.2, 0.7, 0.9, [c.paper, c.wallR, c.wallL]),
      box(p, W * 0.5 + 0.1, D * 0.45 + 0.1, 0.9, 1.0, 0.5, 0.6, [
        "rgba(255,255,255,0.55)",
        "rgba(255,255,255,0.35)",
        "rgba(255,255,255,0.45)",
      ]),
      box(p, W * 0.5 + 0.4, D * 0.45 + 0.15, 0.9, 0.3, 0.3, 0.35, [c.warm, c.accent, c.deep]),
      box(p, 1.2, D * 0.75, 0, 1.6, 0.5, 0.45, [c.deep, c.ink, c.accent]),
      person(p, W * 0.75, D * 0.8, c.accent),
    ].join(""),
  office: ({ p, c, W, D }) =>
    [
      window_(p, 0.8, 1.0, 2.0, 1.4, c),
      poly(
        p,
        [
          [1.0, 0, 1.1],
          [3.2, 0, 1.1],
          [3.2, 0, 2.4],
          [1.0, 0, 2.4],
        ],
        c.ink,
      ),
      poly(
        p,
        [
          [1.15, 0, 1.25],
          [3.05, 0, 1.25],
          [3.05, 0, 2.25],
          [1.15, 0, 2.25],
        ],
        c.accent,
      ),
      box(p, 1.5, 2.2, 0, 3.0, 1.2, 0.75, [c.paper, c.wallR, c.wallL]),
      person(p, 1.6, 3.8, c.deep),
      person(p, 3.4, 3.9, c.warm, "#d9a07a"),
      person(p, 4.8, 2.0, c.accent),
      box(p, W - 1.2, D - 1.2, 0, 0.6, 0.6, 1.0, [c.accent, c.deep, c.warm]),
    ].join(""),
  studio: ({ p, c, W, D }) =>
    [
      frameLeft(p, 0.6, 0.9, 1.2, 1.7, c, [c.warm, c.accent, c.deep]),
      frameLeft(p, 2.2, 1.1, 2.2, 1.3, c, [c.accent, c.deep, c.warm]),
      frameRight(p, 1.0, 1.0, 1.0, 1.0, c, [c.deep, c.warm, c.paper]),
      frameRight(p, 2.4, 1.4, 0.8, 0.8, c, [c.paper, c.accent, c.warm]),
      box(p, W * 0.58, D * 0.58, 0, 0.2, 0.2, 1.4, [c.ink, c.ink, c.ink]),
      poly(
        p,
        [
          [W * 0.5, D * 0.58, 1.2],
          [W * 0.5 + 1.0, D * 0.58, 1.2],
          [W * 0.5 + 1.0, D * 0.58, 2.2],
          [W * 0.5, D * 0.58, 2.2],
        ],
        c.paper,
        `stroke="${c.ink}" stroke-width="2"`,
      ),
      person(p, W * 0.78, D * 0.82, c.accent),
    ].join(""),
  tour: ({ p, c, W, D }) => {
    const stops = [
      [1.2, 4.8],
      [2.2, 2.4],
      [4.0, 1.6],
      [4.8, 3.8],
      [3.2, 5.0],
    ];
    const line = stops.map(([x, y]) => p(x, y, 0.02));
    const out = [
      frameLeft(p, 1.6, 1.1, 1.4, 1.0, c, [c.accent, c.warm, c.deep]),
      frameRight(p, 3.4, 1.1, 1.4, 1.0, c, [c.warm, c.paper, c.accent]),
      `<polyline points="${pts(line)}" fill="none" stroke="${c.accent}" stroke-width="5" stroke-dasharray="12 10" stroke-linecap="round"/>`,
    ];
    stops.forEach(([x, y], index) => {
      const [sx, sy] = p(x, y, 0.02);
      out.push(
        `<circle cx="${sx.toFixed(1)}" cy="${sy.toFixed(1)}" r="15" fill="${c.paper}" stroke="${c.accent}" stroke-width="4"/>`,
      );
      out.push(
        `<text x="${sx.toFixed(1)}" y="${(sy + 5).toFixed(1)}" font-family="Urbanist, sans-serif" font-size="15" font-weight="800" text-anchor="middle" fill="${c.deep}">${index + 1}</text>`,
      );
    });
    out.push(person(p, W * 0.35, D * 0.8, c.deep));
    return out.join("");
  },
};

// ---------- flat pictures ----------
function floorPlan(width, height, palette) {
  const c = PALETTES[palette];
  const g = [`<rect width="${width}" height="${height}" fill="${c.bg1}"/>`];
  for (let x = 20; x < width; x += 28)
    g.push(`<line x1="${x}" y1="0" x2="${x}" y2="${height}" stroke="${c.bg2}" stroke-width="1"/>`);
  for (let y = 20; y < height; y += 28)
    g.push(`<line x1="0" y1="${y}" x2="${width}" y2="${y}" stroke="${c.bg2}" stroke-width="1"/>`);
  const wall = (d) =>
    `<path d="${d}" fill="none" stroke="${c.ink}" stroke-width="9" stroke-linecap="square"/>`;
  g.push(
    wall(
      `M140 90 H420 M480 90 H660 V330 M660 370 V360 M660 360 H520 M460 360 H140 V250 M140 200 V90`,
    ),
  );
  g.push(wall(`M400 90 V210 M400 260 V360`));
  g.push(
    `<path d="M420 90 A60 60 0 0 1 480 90" fill="none" stroke="${c.accent}" stroke-width="3" stroke-dasharray="5 5"/>`,
  );
  g.push(
    `<rect x="560" y="82" width="70" height="16" fill="${c.paper}" stroke="${c.accent}" stroke-width="3"/>`,
  );
  g.push(
    `<circle cx="140" cy="90" r="9" fill="${c.accent}"/><circle cx="660" cy="90" r="9" fill="${c.accent}"/><circle cx="660" cy="360" r="9" fill="${c.accent}"/><circle cx="140" cy="360" r="9" fill="${c.accent}"/>`,
  );
  g.push(
    `<text x="270" y="235" font-family="Urbanist, sans-serif" font-size="22" font-weight="700" fill="${c.deep}" text-anchor="middle">6.0 m</text>`,
  );
  g.push(
    `<text x="530" y="235" font-family="Urbanist, sans-serif" font-size="22" font-weight="700" fill="${c.deep}" text-anchor="middle">4.5 m</text>`,
  );
  g.push(
    `<path d="M700 300 l40 -40 l12 12 l-40 40 l-16 4 z" fill="${c.warm}" stroke="${c.ink}" stroke-width="3"/>`,
  );
  return svg(width, height, g.join(""));
}

function materials(width, height) {
  const base = roomScene({
    width,
    height,
    palette: "sand",
    size: [6, 5, 3.2],
    draw: ({ p, c }) =>
      [
        window_(p, 1.0, 1.0, 1.6, 1.4, c),
        box(p, 3.4, 2.4, 0, 1.6, 0.7, 0.45, [c.accent, c.deep, c.warm]),
        box(p, 1.4, 3.4, 0, 0.5, 0.5, 0.9, [c.mint ?? "#6cc4a1", "#4a9c7c", "#5bb08e"]),
      ].join(""),
  });
  const swatches = ["#e07a3f", "#3dabff", "#1fa67a", "#8a4fd1", "#2b3a4a"]
    .map(
      (fill, index) =>
        `<g transform="translate(${width - 90} ${40 + index * 62})"><rect width="56" height="48" rx="14" fill="${fill}" stroke="#fff" stroke-width="4"/></g>`,
    )
    .join("");
  return base.replace("</svg>", `${swatches}</svg>`);
}

function browserShare(width, height) {
  const c = PALETTES.sky;
  const inner = roomScene({ width: 560, height: 300, palette: "plum", draw: SCENES.gallery })
    .replace(/^<svg[^>]*>/, "")
    .replace("</svg>\n", "")
    .replaceAll('id="bg"', 'id="bg2"')
    .replaceAll("url(#bg)", "url(#bg2)");
  const icons = ["#1877f2", "#111111", "#ff4500", "#25d366", "#7360f2", "#3dabff", "#0a66c2"]
    .map(
      (fill, index) =>
        `<circle cx="${120 + index * 62}" cy="${height - 44}" r="20" fill="${fill}"/>`,
    )
    .join("");
  return svg(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="${c.bg1}"/><rect x="100" y="30" width="600" height="340" rx="20" fill="#fff" stroke="${c.bg2}" stroke-width="4"/><circle cx="130" cy="58" r="7" fill="#ff6b5b"/><circle cx="152" cy="58" r="7" fill="#ffc94d"/><circle cx="174" cy="58" r="7" fill="#3ccf7a"/><rect x="200" y="48" width="380" height="20" rx="10" fill="${c.bg1}"/><g transform="translate(120 70)">${inner}</g>${icons}`,
  );
}

// ---------- icons ----------
const ICON_PATHS = {
  building:
    '<path d="M6 34V14l14-8 14 8v20H6z" fill="none" stroke="#1f649d" stroke-width="3" stroke-linejoin="round"/><path d="M16 34V22h8v12" fill="#3dabff"/>',
  content:
    '<rect x="5" y="8" width="30" height="24" rx="4" fill="none" stroke="#1f649d" stroke-width="3"/><path d="M9 28l8-9 6 6 4-4 5 7z" fill="#3dabff"/><circle cx="27" cy="15" r="3" fill="#ffb547"/>',
  tours:
    '<path d="M8 30c6-14 18 2 24-14" fill="none" stroke="#3dabff" stroke-width="3" stroke-dasharray="4 4"/><circle cx="8" cy="30" r="4" fill="#1f649d"/><circle cx="32" cy="12" r="4" fill="#1f649d"/>',
  together:
    '<circle cx="14" cy="14" r="5" fill="#3dabff"/><circle cx="27" cy="14" r="5" fill="#1f649d"/><path d="M5 32c1-8 17-8 18 0M18 32c1-8 17-8 18 0" fill="none" stroke="#1f649d" stroke-width="3"/>',
  privacy:
    '<rect x="9" y="18" width="22" height="16" rx="4" fill="#3dabff"/><path d="M14 18v-5a6 6 0 0 1 12 0v5" fill="none" stroke="#1f649d" stroke-width="3"/>',
  share:
    '<circle cx="10" cy="20" r="5" fill="#1f649d"/><circle cx="30" cy="10" r="5" fill="#3dabff"/><circle cx="30" cy="30" r="5" fill="#3dabff"/><path d="M14 18l12-6M14 22l12 6" stroke="#1f649d" stroke-width="3"/>',
};

const RESOURCE_ICONS = {
  faqs: '<circle cx="10" cy="10" r="8" fill="none" stroke="#3dabff" stroke-width="2"/><path d="M7.5 7.8a2.6 2.6 0 1 1 3.6 2.4c-.7.3-1.1.8-1.1 1.6v.4" fill="none" stroke="#1f649d" stroke-width="1.8" stroke-linecap="round"/><circle cx="10" cy="14.6" r="1.1" fill="#1f649d"/>',
  guides:
    '<path d="M3 4.5C5.5 3.5 8 3.5 10 5c2-1.5 4.5-1.5 7-.5v11c-2.5-1-5-1-7 .5-2-1.5-4.5-1.5-7-.5z" fill="none" stroke="#1f649d" stroke-width="1.8" stroke-linejoin="round"/><path d="M10 5v10.5" stroke="#3dabff" stroke-width="1.8"/>',
  blog: '<rect x="3" y="3" width="14" height="14" rx="3" fill="none" stroke="#1f649d" stroke-width="1.8"/><path d="M6 7h8M6 10h8M6 13h5" stroke="#3dabff" stroke-width="1.8" stroke-linecap="round"/>',
  glossary:
    '<text x="10" y="14.5" text-anchor="middle" font-family="Urbanist, sans-serif" font-size="11" font-weight="800" fill="#1f649d">Aa</text><path d="M3 17h14" stroke="#3dabff" stroke-width="1.8" stroke-linecap="round"/>',
  whitepaper:
    '<path d="M5 2.5h7l3.5 3.5v11.5H5z" fill="none" stroke="#1f649d" stroke-width="1.8" stroke-linejoin="round"/><path d="M12 2.5V6h3.5M7.5 10h5M7.5 13h5" stroke="#3dabff" stroke-width="1.8" stroke-linecap="round"/>',
  "video-tutorials":
    '<rect x="2.5" y="4.5" width="15" height="11" rx="3" fill="none" stroke="#1f649d" stroke-width="1.8"/><path d="M8.5 7.5v5l4.2-2.5z" fill="#3dabff"/>',
};

function creditsIcon(level) {
  const coins = [];
  for (let i = 0; i < level + 1; i++) {
    const y = 44 - i * 7;
    coins.push(
      `<ellipse cx="28" cy="${y + 3}" rx="17" ry="6" fill="#c77e10"/><ellipse cx="28" cy="${y}" rx="17" ry="6" fill="#ffb547" stroke="#c77e10" stroke-width="1.5"/>`,
    );
  }
  return svg(56, 56, coins.join(""));
}

function avatar(initials, palette) {
  const c = PALETTES[palette];
  return svg(
    128,
    128,
    `<circle cx="64" cy="64" r="64" fill="${c.bg2}"/><circle cx="64" cy="52" r="24" fill="${c.accent}"/><path d="M20 118c6-26 26-38 44-38s38 12 44 38" fill="${c.deep}"/><text x="64" y="60" text-anchor="middle" font-family="Urbanist, sans-serif" font-size="20" font-weight="800" fill="#fff">${initials}</text>`,
  );
}

function noThumbnail() {
  return svg(
    640,
    360,
    '<rect width="640" height="360" fill="#eff8ff"/><rect x="250" y="120" width="140" height="110" rx="14" fill="none" stroke="#a2d7ff" stroke-width="8"/><path d="M262 218l40-46 30 32 18-18 28 32z" fill="#a2d7ff"/><circle cx="354" cy="150" r="12" fill="#a2d7ff"/>',
  );
}

function banner(palette, scene) {
  const width = 1600;
  const height = 560;
  const c = PALETTES[palette];
  const inner = roomScene({ width: 900, height: 560, palette, draw: SCENES[scene] })
    .replace(/^<svg[^>]*>/, "")
    .replace("</svg>\n", "")
    .replace(/<rect width="900" height="560" fill="url\(#bg\)"\/>/, "");
  return svg(
    width,
    height,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.bg2}"/><stop offset="1" stop-color="${c.accent}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#bg)"/><g transform="translate(700 0)">${inner}</g>`,
  );
}

function posterWithPlay(palette, scene) {
  const base = roomScene({
    width: 1280,
    height: 720,
    palette,
    draw: SCENES[scene],
    size: [7, 6, 3.2],
  });
  return base.replace(
    "</svg>",
    '<circle cx="640" cy="360" r="56" fill="rgba(255,255,255,0.92)"/><path d="M622 330v60l52-30z" fill="#1f649d"/></svg>',
  );
}

// ---------- what to draw ----------
function write(relative, content) {
  const file = path.join(OUT, relative);
  // a title for whoever opens the file on its own; pages use these images as decoration (alt="")
  const title = path
    .basename(relative, ".svg")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replaceAll("-", " ");
  content = content.replace(/^<svg([^>]*)>/, `<svg$1><title>${title}</title>`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const room = (w, h, palette, scene, size) =>
  roomScene({ width: w, height: h, palette, draw: SCENES[scene], size });

write("illustrations/hero/gallery.svg", room(720, 540, "sky", "gallery"));
write("illustrations/hero/classroom.svg", room(720, 540, "mint", "classroom"));
write("illustrations/hero/showroom.svg", room(720, 540, "sand", "showroom"));
write("illustrations/hero/eventHall.svg", room(720, 540, "night", "eventHall"));

write("illustrations/features/floorPlan.svg", floorPlan(800, 442, "sky"));
write("illustrations/features/materials.svg", materials(800, 442));
write("illustrations/features/wall.svg", room(800, 442, "plum", "museum"));
write("illustrations/features/tour.svg", room(800, 442, "mint", "tour"));
write("illustrations/features/share.svg", browserShare(800, 442));

for (const [name, body] of Object.entries(ICON_PATHS))
  write(`illustrations/icons/${name}.svg`, svg(40, 40, body));
for (const [name, body] of Object.entries(RESOURCE_ICONS))
  write(`icons/resources/${name}.svg`, svg(20, 20, body));
for (let level = 1; level <= 4; level++)
  write(`illustrations/credits/credits-icon-${level}.svg`, creditsIcon(level));

const AUDIENCES = {
  creators: ["plum", "studio"],
  educators: ["mint", "classroom"],
  trainers: ["slate", "office"],
  museums: ["sand", "museum"],
  retailers: ["coral", "showroom"],
  agencies: ["sky", "showroom"],
  events: ["night", "eventHall"],
};
for (const [name, [palette, scene]] of Object.entries(AUDIENCES))
  write(`illustrations/audiences/${name}.svg`, room(320, 200, palette, scene));

const SOLUTIONS = {
  edtech: ["mint", "classroom"],
  museums: ["sand", "museum"],
  retail: ["coral", "showroom"],
  events: ["night", "eventHall"],
  corporate: ["slate", "office"],
  art: ["plum", "studio"],
  marketing: ["sky", "showroom"],
  learning: ["mint", "tour"],
  "digital-transformation": ["slate", "gallery"],
  "artsteps-migration": ["sand", "gallery"],
  "coming-soon": ["plum", "tour"],
};
for (const [name, [palette, scene]] of Object.entries(SOLUTIONS))
  write(`illustrations/solutions/${name}.svg`, room(720, 540, palette, scene));

write("illustrations/learning/classroom.svg", room(480, 360, "mint", "classroom"));
write("illustrations/learning/home.svg", room(480, 360, "sand", "studio"));
write("illustrations/learning/work.svg", room(480, 360, "slate", "office"));
write("illustrations/learning/poster.svg", posterWithPlay("mint", "tour"));

const ARTICLES = {
  "editor-guide-introduction": ["sky", "gallery"],
  "editor-guide-create-your-space": ["sky", "office"],
  "editor-guide-design-your-space": ["sand", "studio"],
  "editor-guide-add-content": ["plum", "museum"],
  "editor-guide-create-paths": ["mint", "tour"],
  "editor-guide-publish": ["coral", "showroom"],
  "plan-a-virtual-exhibition": ["sand", "museum"],
  "prepare-images-and-3d-models": ["slate", "studio"],
  "teach-a-class-in-a-3d-space": ["mint", "classroom"],
  "embed-a-space-on-your-website": ["sky", "showroom"],
  "set-up-a-district": ["slate", "gallery"],
  "why-rooms-still-matter": ["plum", "gallery"],
  "how-long-should-a-tour-stop-be": ["mint", "tour"],
  "making-3d-spaces-more-accessible": ["sky", "classroom"],
  "from-slide-deck-to-showroom": ["coral", "showroom"],
  "what-to-measure-after-you-publish": ["slate", "office"],
  "hosting-a-live-event-in-a-3d-space": ["night", "eventHall"],
  whitepaper: ["sky", "museum"],
};
for (const [slug, [palette, scene]] of Object.entries(ARTICLES))
  write(`illustrations/articles/${slug}.svg`, room(640, 360, palette, scene));

write("illustrations/banners/editor-guide.svg", banner("sky", "gallery"));
write("illustrations/banners/why-rooms-still-matter.svg", banner("plum", "museum"));
write("illustrations/banners/hosting-a-live-event-in-a-3d-space.svg", banner("night", "eventHall"));
write("illustrations/banners/whitepaper.svg", banner("sand", "tour"));

write("illustrations/authors/mara-lindqvist.svg", avatar("ML", "sky"));
write("illustrations/authors/tomas-reyes.svg", avatar("TR", "mint"));
write("illustrations/authors/aiko-tanaka.svg", avatar("AT", "coral"));
write("illustrations/no-thumbnail.svg", noThumbnail());

console.log("illustrations written to apps/web/public");
