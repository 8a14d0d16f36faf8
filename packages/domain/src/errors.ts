import { z } from "zod";

// The one error body every API answer uses, so the web can show a field's message under
// its input and a toast for the rest. The server builds it; the web parses it.

export const ERROR_CODES = [
  "bad_request",
  "validation_failed",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "too_many_requests",
  "draft_limit_reached",
  "insufficient_credits",
  "no_available_slot",
  "subdomain_taken",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status each code answers with. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  draft_limit_reached: 403,
  insufficient_credits: 402,
  no_available_slot: 409,
  subdomain_taken: 409,
  internal: 500,
};

export const FieldErrorSchema = z.object({
  /** Dot-separated path of the failing field, e.g. `levels.0.walls.1.height`. */
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ApiErrorBodySchema = z.object({
  /** A code from ERROR_CODES; kept a plain string so an older web survives a newer server. */
  error: z.string(),
  /** A user-facing message from the catalogue (messages.ts). */
  message: z.string(),
  fields: z.array(FieldErrorSchema).optional(),
  /** On 402 (not enough credits): how many credits the wallet lacks for what was asked. */
  creditsMissing: z.number().int().min(1).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

export function isErrorCode(value: string): value is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(value);
}

/** Joins a zod issue path into the `path` form FieldError uses. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.map((key) => String(key)).join(".");
}

/** Turns zod issues into the field list of a 400 answer. */
export function fieldErrorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldError[] {
  return issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message }));
}

/** For the default branch of an exhaustive switch: a new case is a compile error. */
export function assertNever(value: never, context = "unexpected value"): never {
  throw new Error(`${context}: ${JSON.stringify(value)}`);
}
