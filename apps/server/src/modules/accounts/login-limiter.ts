import { createHash } from "node:crypto";
import { messages } from "@atrium/domain";
import { TooManyRequestsError } from "../../errors.js";
import type { Counters } from "../../infra/counters/counters.js";

/**
 * Failed sign-ins (and failed password confirmations) are limited per account and per IP
 * address (ASVS 2.2.1): past the limit, attempts answer 429 with Retry-After until the
 * window ends, before any password is checked. Unknown and known e-mails count alike, so the
 * limiter reveals nothing about which accounts exist.
 */
export const LOGIN_LIMITS = {
  perAccount: { failures: 10, windowMs: 15 * 60 * 1000 },
  perIp: { failures: 50, windowMs: 15 * 60 * 1000 },
} as const;

const accountKey = (email: string) =>
  `login-fail:account:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;
const ipKey = (ip: string) => `login-fail:ip:${ip}`;

export function createLoginLimiter(counters: Counters) {
  return {
    /** Throws 429 when the account or the address has failed too often lately. */
    async assertAllowed(email: string, ip: string | null) {
      const checks = [
        [accountKey(email), LOGIN_LIMITS.perAccount.failures] as const,
        ...(ip ? [[ipKey(ip), LOGIN_LIMITS.perIp.failures] as const] : []),
      ];
      for (const [key, limit] of checks) {
        const current = await counters.read(key);
        if (current && current.count >= limit) {
          throw new TooManyRequestsError(
            messages.errors.tooManyRequests,
            Math.max(1, Math.ceil(current.resetInMs / 1000)),
          );
        }
      }
    },
    async recordFailure(email: string, ip: string | null) {
      await counters.increment(accountKey(email), LOGIN_LIMITS.perAccount.windowMs);
      if (ip) await counters.increment(ipKey(ip), LOGIN_LIMITS.perIp.windowMs);
    },
    /** A successful sign-in clears the account's count (not the address's). */
    async recordSuccess(email: string) {
      await counters.reset(accountKey(email));
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
