import type { TextAsset } from "@atrium/domain";
import { describe, expect, it } from "vitest";
import { textFromForm } from "./text-asset-form";

describe("editing a stored text (issue 15 item 1: forms start from what is stored)", () => {
  const stored: TextAsset = {
    content: "Hello",
    fontId: "font-a",
    fontSize: 40,
    fontStyles: ["bold"],
    fontTransform: "upper",
    colorTint: "#ff0000",
    alignment: "left",
    outline: { color: "#00ff00", width: 4 },
    dropShadow: true,
    requiredFonts: ["font-b"],
    hyperText: false,
    link: null,
  };

  it("keeps the fields the form does not show", () => {
    const text = textFromForm(stored, {
      content: "Hello again",
      fontId: "font-a",
      fontSize: 40,
      fontStyles: ["bold"],
      colorTint: "#ff0000",
      alignment: "left",
      hyperText: false,
      link: "",
    });
    expect(text).toMatchObject({
      content: "Hello again",
      fontTransform: "upper",
      outline: { color: "#00ff00", width: 4 },
      dropShadow: true,
    });
  });

  it("a plain text has no link; a hypertext keeps its trimmed link", () => {
    const fields = {
      content: "Go",
      fontId: null,
      fontSize: 10,
      fontStyles: [],
      colorTint: "#ffffff",
      alignment: "center" as const,
      link: " https://example.org ",
    };
    expect(textFromForm(undefined, { ...fields, hyperText: false }).link).toBeNull();
    expect(textFromForm(undefined, { ...fields, hyperText: true }).link).toBe(
      "https://example.org",
    );
  });
});
