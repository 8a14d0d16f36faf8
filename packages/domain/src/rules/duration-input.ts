import { DURATION_MAX_SECONDS, MIN_DURATION_SECONDS_DEFAULT, TIME_PART_MAX } from "../constants";
import { coreMessages } from "../messages/core";
import { formatMessage } from "./format-message";

// The minutes:seconds input (spec 2 §5.1): digits only, each part at most 59, a total above
// 3599 s becomes 59:59, a single digit is zero-padded on blur, the value is a total in seconds.

export type DurationParts = { minutes: number; seconds: number };

/** Keeps the digits of what was typed into one part. */
export function filterDurationDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** One time part from typed digits: at most 59 (also the spec's "time input max 59 per part"). */
export function clampTimePart(value: string | number): number {
  const parsed =
    typeof value === "number" ? value : Number.parseInt(filterDurationDigits(value), 10);
  if (!Number.isFinite(parsed) || parsed < 0) return 0;
  return Math.min(Math.floor(parsed), TIME_PART_MAX);
}

/** On blur a single digit is zero-padded: "5" -> "05"; an empty part stays empty. */
export function padDurationPart(value: string): string {
  const digits = filterDurationDigits(value);
  return digits.length === 1 ? `0${digits}` : digits;
}

export function durationToSeconds(parts: DurationParts): number {
  return Math.min(
    clampTimePart(parts.minutes) * 60 + clampTimePart(parts.seconds),
    DURATION_MAX_SECONDS,
  );
}

/** Splits a total into parts; a total above 3599 s becomes 59:59, a negative one 00:00. */
export function secondsToDuration(totalSeconds: number): DurationParts {
  const total = Number.isFinite(totalSeconds)
    ? Math.min(Math.max(Math.floor(totalSeconds), 0), DURATION_MAX_SECONDS)
    : 0;
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}

/** "mm:ss" from a total in seconds. */
export function formatDuration(totalSeconds: number): string {
  const { minutes, seconds } = secondsToDuration(totalSeconds);
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}

/** Reads what the input shows ("mm:ss", "m:s", or bare seconds) into a clamped total. */
export function parseDuration(value: string): number {
  const [first = "", second] = value.split(":");
  if (second === undefined) {
    const seconds = Number.parseInt(filterDurationDigits(first), 10);
    return Number.isFinite(seconds) ? Math.min(seconds, DURATION_MAX_SECONDS) : 0;
  }
  return durationToSeconds({ minutes: clampTimePart(first), seconds: clampTimePart(second) });
}

/** The minimum duration rule: the total must be greater than `min` (default 3): 'Duration > {min}'. */
export function validateMinDuration(
  totalSeconds: number,
  min: number = MIN_DURATION_SECONDS_DEFAULT,
): string | null {
  return totalSeconds > min ? null : formatMessage(coreMessages.forms.minDuration, { min });
}
