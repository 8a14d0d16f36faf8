import type { SpaceCard } from "@atrium/domain";
import { describe, expect, it } from "vitest";
import { formFrom, groupsToLookUp, peopleToLookUp, publishPatch } from "./publish-form";

const stored = {
  sceneId: "s1",
  description: "A quiet room",
  tags: ["calm"],
  comments: false,
  adultContent: false,
  coverPhotoUri: "/api/files/cover",
  photoGallery: ["/api/files/g1", "/api/files/g2"],
  slotId: "slot-1",
  privacyACLEnabled: true,
  userPrivacyACL: ["ann", "bob"],
  communicationACLEnabled: true,
  userCommunicationACL: ["bob"],
  groupPrivacyACL: ["crew", "club"],
  groupCommunicationACL: ["crew"],
} as unknown as SpaceCard;

const groups = [
  { groupId: "crew", title: "Crew" },
  { groupId: "club", title: "Club" },
];

const people = [
  { userId: "ann", name: "Ann", profilePicture: null },
  { userId: "bob", name: "Bob", profilePicture: null },
];

describe("the publish form (issue 15 item 1)", () => {
  it("starts from the stored access lists, cover and gallery", () => {
    const form = formFrom(stored, people);
    expect(form.privacy).toBe("chosen");
    expect(form.privacyUsers.map((user) => user.name)).toEqual(["Ann", "Bob"]);
    expect(form.communication).toBe("chosen");
    expect(form.communicationUsers.map((user) => user.userId)).toEqual(["bob"]);
    expect(form.coverUri).toBe("/api/files/cover");
    expect(form.galleryUris).toEqual(["/api/files/g1", "/api/files/g2"]);
    expect(form.slotId).toBe("slot-1");
  });

  it("publishing again untouched writes the same lists and keeps the cover and gallery", () => {
    const patch = publishPatch(formFrom(stored, people), stored);
    expect(patch.userPrivacyACL).toEqual(["ann", "bob"]);
    expect(patch.userCommunicationACL).toEqual(["bob"]);
    expect(patch.privacyACLEnabled).toBe(true);
    expect(patch.publishedPublic).toBe(false);
    expect(patch.communicationACLEnabled).toBe(true);
    // the gallery is sent as kept, so new files are added to it rather than replacing it
    expect(patch.photoGallery).toEqual(["/api/files/g1", "/api/files/g2"]);
    expect(patch).not.toHaveProperty("coverPhotoUri");
  });

  it("keeps a listed person it could not look up, under a neutral name", () => {
    const form = formFrom(stored, [people[0] as (typeof people)[number]], "Unknown person");
    expect(form.privacyUsers).toEqual([
      { userId: "ann", name: "Ann", profilePicture: null },
      { userId: "bob", name: "Unknown person", profilePicture: null },
    ]);
    expect(publishPatch(form, stored).userPrivacyACL).toEqual(["ann", "bob"]);
  });

  it("removes the cover only when the creator removed it", () => {
    const form = { ...formFrom(stored, people), coverUri: null };
    expect(publishPatch(form, stored).coverPhotoUri).toBeNull();
  });

  it("names every listed person once to look up", () => {
    expect(peopleToLookUp(stored)).toEqual(["ann", "bob"]);
    expect(peopleToLookUp(undefined)).toEqual([]);
  });

  it("a space with nothing stored starts public with empty lists", () => {
    const form = formFrom(undefined);
    expect(form.privacy).toBe("everyone");
    expect(form.privacyUsers).toEqual([]);
    expect(form.galleryUris).toEqual([]);
  });

  it("starts from the stored group lists and keeps them intact over two publishes", () => {
    const form = formFrom(stored, people, "Unknown person", groups);
    expect(form.privacyGroups.map((group) => group.title)).toEqual(["Crew", "Club"]);
    expect(form.communicationGroups.map((group) => group.groupId)).toEqual(["crew"]);
    const first = publishPatch(form, stored);
    expect(first.groupPrivacyACL).toEqual(["crew", "club"]);
    expect(first.groupCommunicationACL).toEqual(["crew"]);
    // the space as the first publish stored it, opened and published again untouched
    const again = { ...stored, ...first } as unknown as SpaceCard;
    const second = publishPatch(formFrom(again, people, "Unknown person", groups), again);
    expect(second.groupPrivacyACL).toEqual(["crew", "club"]);
    expect(second.groupCommunicationACL).toEqual(["crew"]);
    expect(second.userPrivacyACL).toEqual(["ann", "bob"]);
  });

  it("keeps a listed group it could not look up, under a neutral title", () => {
    const form = formFrom(stored, people, "Unknown person", groups.slice(0, 1), "Unknown group");
    expect(form.privacyGroups).toEqual([
      { groupId: "crew", title: "Crew" },
      { groupId: "club", title: "Unknown group" },
    ]);
    expect(publishPatch(form, stored).groupPrivacyACL).toEqual(["crew", "club"]);
    expect(groupsToLookUp(stored)).toEqual(["crew", "club"]);
  });
});
