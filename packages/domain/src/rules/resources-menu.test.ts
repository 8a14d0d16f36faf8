import { describe, expect, it } from "vitest";
import {
  activeSidebarItem,
  avatarGroupOverflow,
  resourceSidebarItems,
  videoTutorialsUrl,
} from "./resources-menu";

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
  it("sidebar items come from the categories sorted by id, external ones keeping their URL", () => {
    const items = resourceSidebarItems([
      {
        id: 4,
        slug: "video-tutorials",
        title: "Videos",
        externalUrl: "https://v.example",
        icon: null,
      },
      { id: 1, slug: "faqs", title: "FAQs", externalUrl: null, icon: "/icons/faq.svg" },
    ]);
    expect(items).toEqual([
      { id: 1, title: "FAQs", link: "/resources/faqs", icon: "/icons/faq.svg" },
      {
        id: 4,
        title: "Videos",
        link: "/resources/video-tutorials",
        externalUrl: "https://v.example",
      },
    ]);
  });
  it('avatar group shows 2 avatars then "+N"', () => {
    expect(avatarGroupOverflow(5)).toBe(3);
    expect(avatarGroupOverflow(2)).toBe(0);
    expect(avatarGroupOverflow(1)).toBe(0);
  });
});
