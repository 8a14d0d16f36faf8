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

/**
 * The sign-up page (the sign-in page's other tab), coming back to `returnTo` afterwards: where
 * a visitor starts making something (Create, Start building), they most likely have no account
 * yet; the page links to signing in for those who do.
 */
export function signUpPath(returnTo?: string) {
  const query = new URLSearchParams({ mode: "signup" });
  if (returnTo && returnTo !== "/") query.set("returnTo", returnTo);
  return `${ROUTES.LOGIN}?${query}`;
}

/** Making a space starts at the editor: a visitor sent there is asked to sign up. */
export function guardPath(returnTo: string) {
  const { pathname } = new URL(returnTo, "http://atrium.invalid");
  return pathname === ROUTES.EDITOR || pathname.startsWith(`${ROUTES.EDITOR}/`)
    ? signUpPath(returnTo)
    : loginPath(returnTo);
}
