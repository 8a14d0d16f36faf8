import { coreMessages } from "../messages/core";

const PREFIX = coreMessages.editor.untitledSpace;

/**
 * 'Untitled space' plus the local date and time, for a scene saved without a title. The locale
 * and time zone default to the browser's; tests pass them to be deterministic.
 */
export function untitledSpaceTitle(date: Date, locale?: string, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = timeZone === undefined ? {} : { timeZone };
  return `${PREFIX} ${date.toLocaleDateString(locale, options)} ${date.toLocaleTimeString(locale, options)}`;
}

// After the prefix: a date and time as any locale writes them. Numeric dates start with a digit
// (in any script) and together with the time hold at least three groups of digits, which keeps a
// real title such as "Untitled space 2" or "Untitled space in Paris" from counting as untitled.
const DIGIT_GROUPS = /\p{Nd}+/gu;
const STARTS_WITH_DIGIT = /^\p{Nd}/u;

/** Whether a title counts as no title: blank, 'Untitled space' alone, or our generated pattern. */
export function isUntitledTitle(title: string | null | undefined): boolean {
  if (title === null || title === undefined) return true;
  const trimmed = title.trim();
  if (trimmed === "" || trimmed === PREFIX) return true;
  if (!trimmed.startsWith(`${PREFIX} `)) return false;
  const rest = trimmed.slice(PREFIX.length).trim();
  return STARTS_WITH_DIGIT.test(rest) && (rest.match(DIGIT_GROUPS)?.length ?? 0) >= 3;
}
