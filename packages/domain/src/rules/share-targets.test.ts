import { describe, expect, it } from "vitest";
import { SHARE_TARGETS, shareTargetUrl } from "./share-targets";

const page = { url: "https://atrium.example/viewer/abc?x=1&y=2", title: "My gallery & more" };
const encodedUrl = "https%3A%2F%2Fatrium.example%2Fviewer%2Fabc%3Fx%3D1%26y%3D2";

describe("share targets: Facebook, X, Reddit, Whatsapp, Viber, Email, Linkedin", () => {
  it("lists the spec's seven targets in order", () => {
    expect(SHARE_TARGETS).toEqual([
      "facebook",
      "x",
      "reddit",
      "whatsapp",
      "viber",
      "email",
      "linkedin",
    ]);
  });
  it.each([
    ["facebook", `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`],
    ["x", `https://x.com/intent/tweet?url=${encodedUrl}&text=My%20gallery%20%26%20more`],
    ["reddit", `https://www.reddit.com/submit?url=${encodedUrl}&title=My%20gallery%20%26%20more`],
    ["whatsapp", `https://api.whatsapp.com/send?text=My%20gallery%20%26%20more%20${encodedUrl}`],
    ["viber", `viber://forward?text=My%20gallery%20%26%20more%20${encodedUrl}`],
    ["email", `mailto:?subject=My%20gallery%20%26%20more&body=${encodedUrl}`],
    ["linkedin", `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`],
  ] as const)("%s", (target, expected) => {
    expect(shareTargetUrl(target, page)).toBe(expected);
  });
});
