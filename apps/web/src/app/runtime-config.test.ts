import { describe, expect, it } from "vitest";
import { readRuntimeConfig } from "./runtime-config";

const documentWith = (content: string | null) =>
  ({
    querySelector: () => (content === null ? null : { getAttribute: () => content }),
  }) as unknown as Pick<Document, "querySelector">;

describe("readRuntimeConfig", () => {
  it("reads the settings the server wrote into index.html", () => {
    const config = readRuntimeConfig(
      documentWith(
        '{"baseDomain":"atrium.example","translationsUrl":null,"socialLinks":[],"version":"1.2.3"}',
      ),
    );
    expect(config.baseDomain).toBe("atrium.example");
    expect(config.version).toBe("1.2.3");
  });

  it("falls back to defaults when the tag is missing or broken", () => {
    expect(readRuntimeConfig(documentWith(null)).translationsUrl).toBeNull();
    expect(readRuntimeConfig(documentWith("{not json")).socialLinks).toEqual([]);
  });
});
