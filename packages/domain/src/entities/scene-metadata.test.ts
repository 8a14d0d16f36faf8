import { describe, expect, it } from "vitest";
import { SceneCardSchema, SceneMetadataSchema } from "./scene-metadata";

const minimal = {
  sceneId: "s1",
  ownerId: "u1",
  creatorId: "u1",
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-02T00:00:00.000Z",
};

describe("scene metadata defaults", () => {
  it("comments true, adultContent false, visible true, access lists empty", () => {
    const parsed = SceneMetadataSchema.parse(minimal);
    expect(parsed).toMatchObject({
      comments: true,
      adultContent: false,
      visible: true,
      state: "Draft",
      publishedPublic: true,
      privacyACLEnabled: false,
      communicationACLEnabled: false,
    });
    for (const list of [
      "userPrivacyACL",
      "groupPrivacyACL",
      "userCommunicationACL",
      "groupCommunicationACL",
      "publishedPublicDistricts",
      "publishedPrivateDistricts",
      "restrictedToGroups",
      "tags",
    ] as const) {
      expect(parsed[list]).toEqual([]);
    }
  });
  it("the title holds at most 100 characters", () => {
    expect(SceneMetadataSchema.safeParse({ ...minimal, title: "a".repeat(100) }).success).toBe(
      true,
    );
    expect(SceneMetadataSchema.safeParse({ ...minimal, title: "a".repeat(101) }).success).toBe(
      false,
    );
  });
  it("a card adds creator, likes, views and a comment count", () => {
    const card = SceneCardSchema.parse({ ...minimal, creator: { userId: "u1", name: "Ada" } });
    expect(card).toMatchObject({ likes: 0, views: 0, commentsCount: 0, comments: true });
    expect(card.creator.profilePicture).toBeNull();
  });
});
