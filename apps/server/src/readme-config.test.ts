import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { configSchema } from "./config.js";

// The README's configuration table must list exactly the variables the server reads.
describe("README configuration table", () => {
  it("lists every environment variable of config.ts, and nothing else", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const section = readme.slice(
      readme.indexOf("## Configuration"),
      readme.indexOf("## How it is built"),
    );
    const documented = [...section.matchAll(/^\| `([A-Z0-9_]+)` +\|/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual(Object.keys(configSchema.shape).sort());
  });
});
