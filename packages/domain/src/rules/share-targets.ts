import { assertNever } from "../errors";

// The share modal's targets (spec 1 §2) and their public share URL formats.

export const SHARE_TARGETS = [
  "facebook",
  "x",
  "reddit",
  "whatsapp",
  "viber",
  "email",
  "linkedin",
] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

export type SharedPage = { url: string; title: string };

export function shareTargetUrl(target: ShareTarget, page: SharedPage): string {
  const url = encodeURIComponent(page.url);
  const title = encodeURIComponent(page.title);
  const titleAndUrl = encodeURIComponent(`${page.title} ${page.url}`);
  switch (target) {
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case "x":
      return `https://x.com/intent/tweet?url=${url}&text=${title}`;
    case "reddit":
      return `https://www.reddit.com/submit?url=${url}&title=${title}`;
    case "whatsapp":
      return `https://api.whatsapp.com/send?text=${titleAndUrl}`;
    case "viber":
      return `viber://forward?text=${titleAndUrl}`;
    case "email":
      return `mailto:?subject=${title}&body=${url}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${url}`;
    default:
      return assertNever(target, "share target");
  }
}
