import { ApiError } from "../../api/client";

/** Field messages of an API answer keyed by field name (`body.password` -> `password`). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const result: Record<string, string> = {};
  for (const field of error.body.fields ?? []) {
    const name = field.path.replace(/^body\./, "");
    result[name] ??= field.message;
  }
  return result;
}

/** The answer's message for the form as a whole (none when it is about one field). */
export function formError(error: unknown, fallback: string): string | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    if (error.body.fields?.length) return null;
    return error.body.message || fallback;
  }
  return fallback;
}
