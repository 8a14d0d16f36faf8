import { ROUTES } from "../../app/paths";

/** Only same-site paths are followed after sign-in (never `//host` or a full URL). */
export function safeReturnTo(value: string | null | undefined, fallback = "/"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return fallback;
  }
  return value;
}

/** The sign-in page, coming back to `returnTo` afterwards. */
export function loginPath(returnTo?: string) {
  return returnTo && returnTo !== "/"
    ? `${ROUTES.LOGIN}?returnTo=${encodeURIComponent(returnTo)}`
    : ROUTES.LOGIN;
}
