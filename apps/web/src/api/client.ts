import type { ApiErrorBody } from "@atrium/domain/errors";
import { coreMessages } from "@atrium/domain/messages/core";
import { showToast } from "../features/toast/toast";

/** An answer other than 2xx, with the server's `{ error, message, fields }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
    this.name = "ApiError";
  }

  /** The message for one field (`body.title`), for showing under its input. */
  fieldMessage(path: string) {
    return this.body.fields?.find((field) => field.path === path)?.message;
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Skip the global 403 toast (the caller shows its own message). */
  quiet?: boolean;
  /**
   * Let the request outlive the page (a save as the tab closes). Browsers cap such bodies at
   * 64 KB in all, so a larger body goes as an ordinary request.
   */
  keepalive?: boolean;
}

/** The largest JSON body sent with keepalive (the browsers' limit is 64 KB for all in flight). */
const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * Calls the Atrium API on the same origin with the session cookie. Resolves with the JSON
 * body (undefined for 204) or rejects with ApiError; a 403 shows the spec's toast
 * 'You are not authorized to perform this action' unless `quiet`.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(path, location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== "")
      url.searchParams.set(key, String(value));
  }
  const isForm = options.body instanceof FormData;
  const json = options.body === undefined || isForm ? undefined : JSON.stringify(options.body);
  const keepalive =
    options.keepalive === true && json !== undefined && json.length <= KEEPALIVE_MAX_BYTES;
  const response = await fetch(url, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      ...(options.body !== undefined && !isForm ? { "content-type": "application/json" } : {}),
    },
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : json,
    signal: options.signal,
    ...(keepalive ? { keepalive: true } : {}),
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const body = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = new ApiError(response.status, toErrorBody(response, body));
    if (response.status === 403 && !options.quiet) {
      showToast({ color: "red", message: coreMessages.errors.notAuthorized });
    }
    throw error;
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toErrorBody(response: Response, body: unknown): ApiErrorBody {
  if (body && typeof body === "object" && "message" in body) return body as ApiErrorBody;
  return {
    error: response.statusText || "Error",
    message: response.statusText || `HTTP ${response.status}`,
  };
}
