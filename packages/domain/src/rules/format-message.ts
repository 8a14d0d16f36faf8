import { ARRAY_ITEMS } from "../constants";
import { coreMessages } from "../messages/core";

export type MessageParams =
  | Readonly<Record<string, string | number>>
  | readonly (string | number)[];

/**
 * Fills `{0}`, `{min}`, `{value}`-style placeholders. A placeholder without a value is left as
 * it is, so a missing parameter shows up in the interface instead of silently vanishing.
 */
export function formatMessage(template: string, params: MessageParams = {}): string {
  const values = params as Readonly<Record<string, string | number | undefined>>;
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) => {
    const value = values[key];
    return value === undefined ? placeholder : String(value);
  });
}

export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === "";
}

export const maxLengthMessage = (max: number) => formatMessage(coreMessages.forms.maxLength, [max]);
export const minLengthMessage = (min: number) => formatMessage(coreMessages.forms.minLength, [min]);
export const maxTagsMessage = (max: number) => formatMessage(coreMessages.forms.maxTags, [max]);
export const minTagsMessage = (min: number) => formatMessage(coreMessages.forms.minTags, [min]);

/**
 * Required text with length bounds, in the spec's order: required, then the minimum, then the
 * maximum. Returns the message to show, or null when the value passes.
 */
export function validateText(
  value: string | null | undefined,
  limits: { min?: number; max?: number; requiredMessage?: string } = {},
): string | null {
  if (value === null || value === undefined || isBlank(value)) {
    return limits.requiredMessage ?? coreMessages.forms.required;
  }
  const length = value.trim().length;
  if (limits.min !== undefined && length < limits.min) return minLengthMessage(limits.min);
  if (limits.max !== undefined && length > limits.max) return maxLengthMessage(limits.max);
  return null;
}

/**
 * Array length rule (spec 2 §5.3: maximum default 10, minimum default 3, each with a custom
 * message). The spec's only quoted array messages are the tag ones, so they are the defaults.
 */
export function validateArrayLength(
  items: readonly unknown[],
  options: { min?: number; max?: number; minMessage?: string; maxMessage?: string } = {},
): string | null {
  const min = options.min ?? ARRAY_ITEMS.min;
  const max = options.max ?? ARRAY_ITEMS.max;
  if (items.length > max)
    return formatMessage(options.maxMessage ?? coreMessages.forms.maxTags, [max]);
  if (items.length < min)
    return formatMessage(options.minMessage ?? coreMessages.forms.minTags, [min]);
  return null;
}
