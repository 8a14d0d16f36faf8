// Size guards for one scene document: a save past these is refused with the failing path, so
// one document cannot exhaust the server's memory or the viewer's frame budget.
export const SCENE_DOCUMENT_LIMITS = {
  /** Placed items over all lists (pictures, videos, texts3d, ...). */
  maxItems: 2000,
  maxLevels: 20,
  maxWallsPerLevel: 500,
  maxOpeningsPerWall: 20,
  maxFloorOutlinePoints: 200,
  maxFonts: 50,
  maxLinks: 100,
  maxGuidedTours: 50,
  maxMaterialOverrides: 500,
} as const;
