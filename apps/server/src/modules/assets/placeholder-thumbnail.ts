import { loadSharp } from "../../infra/packages.js";

// The card picture an asset gets when the uploader sent none and nothing can be drawn from the
// file itself (a video's frames are not decoded on the server; audio has no picture): the
// family's symbol and a label such as the duration, on the brand's light blue.

const SYMBOLS = {
  video: '<path d="M206 160 L206 352 L366 256 Z" fill="#3DABFF"/>',
  audio:
    '<path d="M300 140 L300 310 A42 42 0 1 1 272 270 L272 188 L212 202 L212 330 A42 42 0 1 1 184 290 L184 160 Z" fill="#3DABFF"/>',
} as const;

export async function placeholderThumbnail(
  kind: keyof typeof SYMBOLS,
  label: string,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const safe = label.replace(/[^\w :.-]/g, "").slice(0, 24);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
    <rect width="512" height="512" fill="#eff8ff"/>
    <circle cx="256" cy="256" r="150" fill="#ffffff"/>
    ${SYMBOLS[kind]}
    <text x="256" y="470" font-family="sans-serif" font-size="36" font-weight="700" fill="#1f649d" text-anchor="middle">${safe}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const formatDuration = (seconds: number) => {
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
};
