import { embedPath, viewerPath } from "../../app/paths";

export interface EmbedFlags {
  embed: boolean;
  showSignIn: boolean;
  showCommunications: boolean;
}

/**
 * Spec 1 §2: any path with an embed segment is embedded mode; there showSignIn=1 shows the
 * sign-in button and showCommunications=1 the communications, both shown by default elsewhere.
 */
export function embedFlags(pathname: string, search: URLSearchParams): EmbedFlags {
  const embed = pathname.split("/").includes("embed");
  if (!embed) return { embed, showSignIn: true, showCommunications: true };
  return {
    embed,
    showSignIn: search.get("showSignIn") === "1",
    showCommunications: search.get("showCommunications") === "1",
  };
}

/** Where a portal leads: the same mode (embedded keeps its flags) in another space. */
export function spacePath(sceneId: string, flags: EmbedFlags): string {
  if (!flags.embed) return viewerPath(sceneId);
  const query = new URLSearchParams({
    showSignIn: flags.showSignIn ? "1" : "0",
    showCommunications: flags.showCommunications ? "1" : "0",
  });
  return `${embedPath(sceneId)}?${query}`;
}
