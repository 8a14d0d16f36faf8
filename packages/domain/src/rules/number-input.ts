import { NUMBER_INPUT_STEP_DEFAULT } from "../constants";

// The number input (spec 2 §5.1): clamped between optional bounds, non-finite typing ignored,
// the keys minus, plus and e blocked, default step 1.

export type NumberBounds = { min?: number; max?: number };

export function clampNumber(value: number, bounds: NumberBounds = {}): number {
  let result = value;
  if (bounds.min !== undefined && result < bounds.min) result = bounds.min;
  if (bounds.max !== undefined && result > bounds.max) result = bounds.max;
  return result;
}

/** What the input holds after typing: the clamped number, or the previous value when not finite. */
export function applyNumberInput(
  previous: number,
  typed: number | string,
  bounds: NumberBounds = {},
): number {
  const value =
    typeof typed === "number" ? typed : Number(typed.trim() === "" ? Number.NaN : typed);
  return Number.isFinite(value) ? clampNumber(value, bounds) : previous;
}

/** One step up (+1) or down (-1), clamped. */
export function stepNumber(
  value: number,
  direction: 1 | -1,
  options: NumberBounds & { step?: number } = {},
): number {
  const step = options.step ?? NUMBER_INPUT_STEP_DEFAULT;
  return clampNumber(value + direction * step, options);
}

const BLOCKED_KEYS = new Set(["-", "+", "e", "E"]);

/** Keys the input swallows, so "1e5" or "-3" cannot be typed. */
export function isBlockedNumberKey(key: string): boolean {
  return BLOCKED_KEYS.has(key);
}
