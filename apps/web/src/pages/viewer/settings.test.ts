import { describe, expect, it } from "vitest";
import {
  DEFAULT_VIEWER_SETTINGS,
  loadViewerSettings,
  saveViewerSettings,
  VIEWER_SETTINGS_KEY,
} from "./settings";

function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe("viewer settings", () => {
  it("defaults: High quality, volume 100", () => {
    expect(loadViewerSettings(memory())).toEqual(DEFAULT_VIEWER_SETTINGS);
    expect(DEFAULT_VIEWER_SETTINGS.volume).toBe(100);
  });

  it("round-trips through storage", () => {
    const store = memory();
    const settings = {
      ...DEFAULT_VIEWER_SETTINGS,
      quality: "Lowest" as const,
      volume: 35,
      units: "Inches" as const,
    };
    saveViewerSettings(settings, store);
    expect(loadViewerSettings(store)).toEqual(settings);
  });

  it("replaces broken or out-of-range values by defaults and clamps the volume", () => {
    expect(loadViewerSettings(memory({ [VIEWER_SETTINGS_KEY]: "{not json" }))).toEqual(
      DEFAULT_VIEWER_SETTINGS,
    );
    const odd = loadViewerSettings(
      memory({
        [VIEWER_SETTINGS_KEY]: JSON.stringify({
          quality: "Insane",
          volume: 250,
          filtering: "High",
        }),
      }),
    );
    expect(odd).toMatchObject({ quality: "High", volume: 100, filtering: "High" });
    expect(
      loadViewerSettings(memory({ [VIEWER_SETTINGS_KEY]: JSON.stringify({ volume: -4 }) })).volume,
    ).toBe(0);
  });
});
