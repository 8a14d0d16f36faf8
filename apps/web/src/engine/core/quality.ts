import type { FilteringMode, GraphicsQuality } from "@atrium/domain";

/** What each graphics quality level means for the renderer. */
export interface QualityProfile {
  /** Largest device pixel ratio used. */
  pixelRatio: number;
  /** Longest side of a picture's texture, in pixels. */
  textureSize: number;
}

export const QUALITY_PROFILES: Record<GraphicsQuality, QualityProfile> = {
  Lowest: { pixelRatio: 0.5, textureSize: 256 },
  Low: { pixelRatio: 0.75, textureSize: 512 },
  Medium: { pixelRatio: 1, textureSize: 768 },
  High: { pixelRatio: 1.5, textureSize: 1024 },
  Ultra: { pixelRatio: 2, textureSize: 2048 },
  Max: { pixelRatio: 3, textureSize: 4096 },
};

export function anisotropyFor(filtering: FilteringMode, max: number): number {
  if (filtering === "Low") return 1;
  if (filtering === "Medium") return Math.min(4, max);
  return max;
}
