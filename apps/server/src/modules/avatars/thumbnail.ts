import { loadSharp } from "../../infra/packages.js";
import type { AvatarDefinition } from "./catalogue.js";
import { proportionsOf } from "./proportions.js";

const SIZE = 256;

/** The avatar's thumbnail: a front view drawn as SVG from the same proportions, as PNG. */
export async function renderAvatarThumbnail(avatar: AvatarDefinition): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(avatarSvg(avatar)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export function avatarSvg(avatar: AvatarDefinition): string {
  const p = proportionsOf(avatar);
  const total = p.neckY + 0.08 + p.headHeight + 0.32;
  const scale = (SIZE - 36) / total;
  const X = (x: number) => (SIZE / 2 + x * scale).toFixed(1);
  const Y = (y: number) => (SIZE - 14 - y * scale).toFixed(1);
  const rect = (x0: number, y0: number, x1: number, y1: number, fill: string, radius = 0) =>
    `<rect x="${X(Math.min(x0, x1))}" y="${Y(Math.max(y0, y1))}" width="${(Math.abs(x1 - x0) * scale).toFixed(1)}" height="${(Math.abs(y1 - y0) * scale).toFixed(1)}" rx="${(radius * scale).toFixed(1)}" fill="${fill}"/>`;
  const polygon = (points: [number, number][], fill: string) =>
    `<polygon points="${points.map(([x, y]) => `${X(x)},${Y(y)}`).join(" ")}" fill="${fill}"/>`;
  const shade = "#00000026";
  const round = avatar.limbs === "round" ? 0.05 : 0.01;

  const parts: string[] = [];
  for (const side of [1, -1]) {
    const x = side * p.hipHalf;
    parts.push(rect(x - p.legRadius, 0.08, x + p.legRadius, p.hipY, avatar.bottom, round));
    parts.push(rect(x - p.legRadius * 1.15, 0, x + p.legRadius * 1.15, 0.09, "#1b1b1f", 0.02));
    const ax = side * p.shoulderHalf;
    const armBottom = p.shoulderY - p.armLength * 0.78;
    parts.push(
      rect(ax - p.armRadius, armBottom, ax + p.armRadius, p.shoulderY + 0.03, avatar.top, round),
    );
    parts.push(
      `<circle cx="${X(ax)}" cy="${Y(p.shoulderY - p.armLength * 0.86)}" r="${(p.armRadius * 1.15 * scale).toFixed(1)}" fill="${avatar.skin}"/>`,
    );
  }
  const half = p.torsoWidth / 2;
  const [bottomHalf, topHalf]: readonly [number, number] = (
    {
      block: [half, half],
      tapered: [half * 0.7, half * 0.95],
      barrel: [half * 1.05, half * 1.05],
      wedge: [half * 0.7, half * 1.25],
    } as const
  )[avatar.torso];
  const torsoTop = p.neckY;
  parts.push(
    polygon(
      [
        [-bottomHalf, p.hipY],
        [bottomHalf, p.hipY],
        [topHalf, torsoTop],
        [-topHalf, torsoTop],
      ],
      avatar.top,
    ),
  );
  parts.push(rect(-bottomHalf, p.hipY + 0.02, bottomHalf, p.hipY + 0.08, avatar.accent));
  parts.push(
    rect(-0.045, p.hipY + p.torsoHeight * 0.6, 0.045, p.hipY + p.torsoHeight * 0.7, avatar.accent),
  );

  const headBottom = p.neckY + 0.08;
  const headTop = headBottom + p.headHeight;
  const headHalf = p.headSize / 2;
  parts.push(rect(-0.06, p.neckY - 0.02, 0.06, headBottom + 0.02, avatar.skin));
  const cy = (headBottom + headTop) / 2;
  parts.push(
    {
      block: rect(-headHalf, headBottom, headHalf, headTop, avatar.skin, 0.02),
      round: `<circle cx="${X(0)}" cy="${Y(cy)}" r="${(p.headSize * 0.56 * scale).toFixed(1)}" fill="${avatar.skin}"/>`,
      octagon: polygon(
        [
          [-headHalf * 0.5, headBottom],
          [headHalf * 0.5, headBottom],
          [headHalf, headBottom + p.headHeight * 0.3],
          [headHalf, headTop - p.headHeight * 0.3],
          [headHalf * 0.5, headTop],
          [-headHalf * 0.5, headTop],
          [-headHalf, headTop - p.headHeight * 0.3],
          [-headHalf, headBottom + p.headHeight * 0.3],
        ],
        avatar.skin,
      ),
      tall: `<ellipse cx="${X(0)}" cy="${Y(cy)}" rx="${(headHalf * scale).toFixed(1)}" ry="${((p.headHeight / 2) * 1.1 * scale).toFixed(1)}" fill="${avatar.skin}"/>`,
    }[avatar.head],
  );
  const eyeY = headBottom + p.headHeight * 0.55;
  for (const side of [1, -1]) {
    parts.push(
      rect(side * 0.065 - 0.022, eyeY - 0.03, side * 0.065 + 0.022, eyeY + 0.03, "#1b1b1f", 0.01),
    );
  }
  const accessory = {
    none: "",
    cap:
      rect(-headHalf * 1.1, headTop - 0.05, headHalf * 1.1, headTop + 0.05, avatar.accent, 0.03) +
      rect(-headHalf * 0.7, headTop - 0.05, headHalf * 0.9, headTop - 0.02, shade),
    "cone-hat": polygon(
      [
        [-headHalf * 0.9, headTop - 0.02],
        [headHalf * 0.9, headTop - 0.02],
        [0, headTop + 0.3],
      ],
      avatar.accent,
    ),
    crest: rect(-0.03, headTop - 0.02, 0.03, headTop + 0.1, avatar.accent, 0.02),
    halo: `<ellipse cx="${X(0)}" cy="${Y(headTop + 0.11)}" rx="${(headHalf * scale).toFixed(1)}" ry="${(0.04 * scale).toFixed(1)}" fill="none" stroke="${avatar.accent}" stroke-width="${(0.025 * scale).toFixed(1)}"/>`,
  }[avatar.accessory];
  parts.push(accessory);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
<defs><radialGradient id="bg" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="${avatar.accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${avatar.top}" stop-opacity="0.35"/></radialGradient></defs>
<rect width="${SIZE}" height="${SIZE}" rx="40" fill="#f4f7fb"/><rect width="${SIZE}" height="${SIZE}" rx="40" fill="url(#bg)"/>
<ellipse cx="${X(0)}" cy="${Y(0)}" rx="${(0.36 * scale).toFixed(1)}" ry="${(0.05 * scale).toFixed(1)}" fill="#00000022"/>
${parts.join("\n")}
</svg>`;
}
