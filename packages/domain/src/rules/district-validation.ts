import { DISTRICT_TITLE_LENGTH, RESERVED_SUBDOMAINS, SUBDOMAIN_LENGTH } from "../constants";
import { districtMessages } from "../messages/district";
import { formatMessage, validateText } from "./format-message";

// A DNS label: lowercase letters, digits and hyphens, 1 to 63 characters, no hyphen at either end.
const SUBDOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** District title: required, 2 to 50 characters. Returns the message to show, or null. */
export function validateDistrictTitle(title: string | null | undefined): string | null {
  return validateText(title, DISTRICT_TITLE_LENGTH);
}

export function isReservedSubdomain(value: string): boolean {
  return (RESERVED_SUBDOMAINS as readonly string[]).includes(value);
}

/**
 * Subdomain: required, 2 to 50 characters, a DNS label, not reserved. The value is checked as
 * typed (no trimming, no lowercasing): what the user sees is what becomes the host name.
 */
export function validateSubdomain(value: string | null | undefined): string | null {
  const lengthMessage = validateText(value, SUBDOMAIN_LENGTH);
  if (lengthMessage !== null || value === null || value === undefined) return lengthMessage;
  if (!SUBDOMAIN_LABEL.test(value)) return districtMessages.subdomainPattern;
  if (isReservedSubdomain(value)) {
    return formatMessage(districtMessages.subdomainReserved, { value });
  }
  return null;
}

/**
 * The key two subdomains collide on: NFKC folds compatibility forms (fullwidth `ａ`, ligatures)
 * and case is ignored. Validation already refuses anything but lowercase ASCII; the server
 * also compares keys, so no stored pair can differ only by case or by such look-alikes.
 */
export function subdomainKey(value: string): string {
  return value.normalize("NFKC").toLowerCase();
}

/**
 * The key district titles are unique on: trimmed, inner spaces collapsed, NFKC-folded and
 * lowercased, so "Museum Row" and "museum  row" are the same title.
 */
export function districtTitleKey(title: string): string {
  return title.normalize("NFKC").trim().replace(/\s+/gu, " ").toLowerCase();
}
