import { describe, expect, it } from "vitest";
import { commentTree } from "../scene-social/service.js";
import { prefixTsQuery } from "./service.js";

describe("prefixTsQuery", () => {
  it("turns each typed word into a prefix term, ANDed, lower case, without repeats", () => {
    expect(prefixTsQuery("Modern Gal")).toBe("modern:* & gal:*");
    expect(prefixTsQuery("  gal gal ")).toBe("gal:*");
    expect(prefixTsQuery("Café ÉTÉ")).toBe("café:* & été:*");
  });

  it("lets no tsquery syntax through, and nothing at all for no words", () => {
    expect(prefixTsQuery("a' | b:* & !(c)")).toBe("a:* & b:* & c:*");
    expect(prefixTsQuery("':*&|!()")).toBeNull();
    expect(prefixTsQuery("")).toBeNull();
  });

  it("reads at most 8 words", () => {
    expect(prefixTsQuery("a b c d e f g h i j")?.split(" & ")).toHaveLength(8);
  });
});

describe("commentTree", () => {
  const row = (id: string, parent: string | null) => ({
    id,
    scene_id: "s",
    parent_comment_id: parent,
    user_id: "u",
    body: id,
    edited: false,
    created_at: new Date("2026-01-01T00:00:00Z"),
    updated_at: new Date("2026-01-01T00:00:00Z"),
    user_name: "U",
    user_picture: null,
  });

  it("nests replies under their parents, keeping the order given", () => {
    const tree = commentTree([row("a", null), row("b", "a"), row("c", null), row("d", "b")]);
    expect(tree.map((comment) => comment.commentId)).toEqual(["a", "c"]);
    expect(tree[0]?.childComments[0]?.commentId).toBe("b");
    expect(tree[0]?.childComments[0]?.childComments[0]?.commentId).toBe("d");
  });

  it("shows a reply whose parent is gone at the top level", () => {
    expect(commentTree([row("x", "missing")]).map((comment) => comment.commentId)).toEqual(["x"]);
  });
});
