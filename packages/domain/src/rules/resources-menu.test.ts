import { describe, expect, it } from "vitest";
import { activeSidebarItem, avatarGroupOverflow, videoTutorialsUrl } from "./resources-menu";

describe("resources menu", () => {
  it("the active item is the one whose link equals the current path", () => {
    const items = [
      { id: 1, link: "/resources/faqs" },
      { id: 2, link: "/resources/guides" },
    ];
    expect(activeSidebarItem(items, "/resources/guides")?.id).toBe(2);
    expect(activeSidebarItem(items, "/resources/guides/12")).toBeUndefined();
  });
  it("video tutorials: the external URL of a category whose slug contains 'video'", () => {
    const categories = [
      { slug: "faqs", externalUrl: null },
      { slug: "video-tutorials", externalUrl: "https://videos.example/atrium" },
    ];
    expect(videoTutorialsUrl(categories)).toBe("https://videos.example/atrium");
    expect(videoTutorialsUrl([{ slug: "guides", externalUrl: "x" }])).toBeNull();
  });
  it('avatar group shows 2 avatars then "+N"', () => {
    expect(avatarGroupOverflow(5)).toBe(3);
    expect(avatarGroupOverflow(2)).toBe(0);
    expect(avatarGroupOverflow(1)).toBe(0);
  });
});
