import { describe, expect, it } from "vitest";
import { CommentSchema } from "./comment";

const comment = (id: string, childComments: unknown[] = []) => ({
  commentId: id,
  sceneId: "s1",
  body: `comment ${id}`,
  user: { userId: "u1", name: "Ada" },
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  childComments,
});

describe("comments are threaded", () => {
  it("replies nest to any depth and default to not edited", () => {
    const parsed = CommentSchema.parse(comment("c1", [comment("c2", [comment("c3")])]));
    expect(parsed.edited).toBe(false);
    expect(parsed.childComments[0]?.childComments[0]?.commentId).toBe("c3");
  });
  it("a bad reply is reported at its depth", () => {
    const result = CommentSchema.safeParse(comment("c1", [comment("c2", [{ commentId: "c3" }])]));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.slice(0, 4)).toEqual([
      "childComments",
      0,
      "childComments",
      0,
    ]);
  });
});
