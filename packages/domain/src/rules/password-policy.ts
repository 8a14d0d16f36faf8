// The password rules of sign-up, password change and reset (OWASP ASVS 2.1): at least 8
// characters, at most 200 (argon2 input stays bounded), not a well-known password, not the
// account's own e-mail or name. No composition rules (ASVS 2.1.9). The list of common passwords
// is the server's (it is large); the web checks length only and shows the server's answer.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

// Atrium wording: the spec quotes no password messages.
export const passwordMessages = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters`,
  common: "This password is too common: choose one that is harder to guess",
  personal: "Do not use your e-mail address or name as your password",
} as const;

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(
  password: string,
  context: { isCommon: (candidate: string) => boolean; email?: string; name?: string },
): string | null {
  // length counts characters as people see them (code points), not UTF-16 units
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  const folded = password.trim().toLowerCase();
  if (context.isCommon(folded)) return passwordMessages.common;
  const personal = [context.email, context.email?.split("@")[0], context.name]
    .filter((value): value is string => Boolean(value && value.length >= 4))
    .map((value) => value.trim().toLowerCase());
  if (personal.includes(folded)) return passwordMessages.personal;
  return null;
}
