import {
  FILTERING_MODES,
  type FilteringMode,
  GRAPHICS_QUALITY_LEVELS,
  type GraphicsQuality,
  MEASUREMENT_UNITS,
  type MeasurementUnit,
  VOLUME,
} from "@atrium/domain";

// The viewer's settings (spec 2 §9.3): graphics quality, filtering, units and audio volume 0-100
// (default 100), kept in this browser's localStorage.

export interface ViewerSettings {
  quality: GraphicsQuality;
  filtering: FilteringMode;
  units: MeasurementUnit;
  volume: number;
  thirdPerson: boolean;
}

export const VIEWER_SETTINGS_KEY = "atrium.viewer.settings";

export const DEFAULT_VIEWER_SETTINGS: ViewerSettings = {
  quality: "High",
  filtering: "Medium",
  units: "Meters",
  volume: VOLUME.default,
  thirdPerson: false,
};

type Store = Pick<Storage, "getItem" | "setItem">;

const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/** The stored settings, each unknown or missing value replaced by its default. */
export function loadViewerSettings(store: Store | null = safeStorage()): ViewerSettings {
  let raw: Record<string, unknown> = {};
  try {
    raw = JSON.parse(store?.getItem(VIEWER_SETTINGS_KEY) ?? "{}") ?? {};
  } catch {
    raw = {};
  }
  const d = DEFAULT_VIEWER_SETTINGS;
  const volume = Number(raw.volume);
  return {
    quality: oneOf(GRAPHICS_QUALITY_LEVELS, raw.quality, d.quality),
    filtering: oneOf(FILTERING_MODES, raw.filtering, d.filtering),
    units: oneOf(MEASUREMENT_UNITS, raw.units, d.units),
    volume:
      raw.volume !== undefined && Number.isFinite(volume)
        ? Math.round(Math.max(VOLUME.min, Math.min(VOLUME.max, volume)))
        : d.volume,
    thirdPerson: typeof raw.thirdPerson === "boolean" ? raw.thirdPerson : d.thirdPerson,
  };
}

export function saveViewerSettings(settings: ViewerSettings, store: Store | null = safeStorage()) {
  try {
    store?.setItem(VIEWER_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // storage full or refused (private mode, third-party iframe): the settings last this visit
  }
}

function safeStorage(): Store | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}
