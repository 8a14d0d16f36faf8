import { describe, expect, it } from "vitest";
import { countWords, readingMinutes } from "./reading-time";

describe("reading time ('N min read')", () => {
  it("counts words, not markup, link targets or code blocks", () => {
    expect(
      countWords("## A heading\n\nSome **bold** [link](https://example.com/a-b-c) text."),
    ).toBe(6);
    expect(countWords("It's a well-known fact")).toBe(4);
    expect(countWords("```\nconst x = 1;\n```\nTwo words")).toBe(2);
    expect(countWords("![alt text](/image.svg) Café au lait")).toBe(3);
  });

  it("is at least one minute and rounds at 200 words a minute", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("word ".repeat(299))).toBe(1);
    expect(readingMinutes("word ".repeat(300))).toBe(2);
    expect(readingMinutes("word ".repeat(1000))).toBe(5);
  });
});
