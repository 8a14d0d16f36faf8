import { KEYWORD_MIN_LENGTH, TAG_COUNT } from "../constants";
import { coreMessages } from "../messages/core";
import { maxTagsMessage, minTagsMessage } from "./format-message";

// Keyword (tag) input, spec 2 §5.1 and §5.3: a comma or semicolon typed after at least 2
// characters of trimmed text turns the text into a keyword; keywords show in upper case.

const SEPARATOR = /[,;]/;

export type KeywordInputResult =
  | { kind: "typing"; text: string }
  | { kind: "created"; keyword: string; text: "" }
  | { kind: "duplicate"; message: string; text: string };

export function displayKeyword(keyword: string): string {
  return keyword.toUpperCase();
}

/** Duplicates are compared as shown: case-insensitively, after trimming. */
export function isDuplicateKeyword(keyword: string, existing: readonly string[]): boolean {
  const shown = displayKeyword(keyword.trim());
  return existing.some((other) => displayKeyword(other.trim()) === shown);
}

/**
 * What typing `text` into the input does. A separator at the end of text with at least
 * KEYWORD_MIN_LENGTH trimmed characters before it creates a keyword (unless it is a
 * duplicate: 'Tag already exists', the text is kept without the separator); otherwise the user
 * is still typing and a premature separator is dropped.
 */
export function readKeywordInput(text: string, existing: readonly string[]): KeywordInputResult {
  const last = text.at(-1);
  if (last === undefined || !SEPARATOR.test(last)) return { kind: "typing", text };
  const keyword = text.slice(0, -1).trim();
  if (keyword.length < KEYWORD_MIN_LENGTH) return { kind: "typing", text: text.slice(0, -1) };
  if (isDuplicateKeyword(keyword, existing)) {
    return { kind: "duplicate", message: coreMessages.forms.tagExists, text: text.slice(0, -1) };
  }
  return { kind: "created", keyword, text: "" };
}

/** Tags from a stored or pasted string: separated by a comma or semicolon, blanks dropped. */
export function splitTags(value: string): string[] {
  return value
    .split(/[,;]/)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
}

/** Tag count limits, default min 3 and max 10: 'no more than {0} tags' / 'at least {0} tags'. */
export function validateTagCount(
  tags: readonly string[],
  limits: { min?: number; max?: number } = {},
): string | null {
  const min = limits.min ?? TAG_COUNT.min;
  const max = limits.max ?? TAG_COUNT.max;
  if (tags.length > max) return maxTagsMessage(max);
  if (tags.length < min) return minTagsMessage(min);
  return null;
}
