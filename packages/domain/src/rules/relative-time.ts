import { coreMessages } from "../messages/core";
import { formatMessage } from "./format-message";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Calendar-free approximations: the label is a rough age, not a date.
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const STEPS = [
  { below: HOUR, unit: MINUTE, template: coreMessages.relativeTime.minutes },
  { below: DAY, unit: HOUR, template: coreMessages.relativeTime.hours },
  { below: MONTH, unit: DAY, template: coreMessages.relativeTime.days },
  { below: YEAR, unit: MONTH, template: coreMessages.relativeTime.months },
  { below: Number.POSITIVE_INFINITY, unit: YEAR, template: coreMessages.relativeTime.years },
] as const;

/**
 * 'now' under a minute (and for times in the future, e.g. a clock a little ahead), then
 * Nm ago, Nh ago, Nd ago, Nmo ago, Nyr ago, counting whole units.
 */
export function formatRelativeTime(then: Date | string | number, now: Date): string {
  const elapsed = now.getTime() - new Date(then).getTime();
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return coreMessages.relativeTime.now;
  const step = STEPS.find((candidate) => elapsed < candidate.below) ?? STEPS[STEPS.length - 1];
  if (step === undefined) return coreMessages.relativeTime.now;
  return formatMessage(step.template, [Math.floor(elapsed / step.unit)]);
}
