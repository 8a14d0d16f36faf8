import { coreMessages } from "../messages/core";
import { formatMessage } from "./format-message";

const EXTERNAL_URL = /^(?:https?|ftp):\/\/[^\s/?#]+[^\s]*$|^blob:\S+$/i;

/** External URLs are http, https, ftp and blob; anything else is an app path or not a URL. */
export function isExternalUrl(value: string): boolean {
  return EXTERNAL_URL.test(value.trim());
}

/** The host of an http(s) URL, lower-cased and without a leading "www.", or null. */
export function urlHost(value: string): string | null {
  const match = /^https?:\/\/(?:[^@/?#\s]*@)?([^:/?#\s]+)/i.exec(value.trim());
  return match?.[1]?.toLowerCase().replace(/^www\./, "") ?? null;
}

/** The networks a profile or district may link to, with the hosts their links live on. */
export const SOCIAL_NETWORKS = {
  Facebook: ["facebook.com", "fb.com"],
  X: ["x.com", "twitter.com"],
  Instagram: ["instagram.com"],
  Linkedin: ["linkedin.com"],
  YouTube: ["youtube.com", "youtu.be"],
  TikTok: ["tiktok.com"],
  Discord: ["discord.gg", "discord.com"],
} as const satisfies Record<string, readonly string[]>;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;

function hostMatches(host: string, allowed: readonly string[]): boolean {
  return allowed.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/**
 * A social link must be an http(s) URL on the network's own host; an empty link is allowed
 * (the field is optional). Message: 'Please provide a valid {0} url'.
 */
export function validateSocialLink(network: SocialNetwork, url: string): string | null {
  if (url.trim() === "") return null;
  const host = urlHost(url);
  if (host !== null && hostMatches(host, SOCIAL_NETWORKS[network])) return null;
  return formatMessage(coreMessages.forms.socialLinkInvalid, [network]);
}

/**
 * An external link (for example a web view or an info point link) must be an http(s) URL with a
 * host; `exampleHost` is shown in 'Invalid url. Valid url example: {host}'.
 */
export function validateExternalLink(url: string, exampleHost: string): string | null {
  const host = urlHost(url);
  if (host?.includes(".")) return null;
  return formatMessage(coreMessages.forms.externalLinkInvalid, { host: exampleHost });
}
