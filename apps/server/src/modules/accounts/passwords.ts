import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with OWASP's first recommended parameter set (19 MiB memory, 2 passes, 1 lane):
 * about 40 ms per hash on one core here, see `npm run bench -- auth`.
 */
export const ARGON2_PARAMETERS = {
  algorithm: 2, // Algorithm.Argon2id (the const enum is not importable under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string) {
  return hash(password, ARGON2_PARAMETERS);
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    // a malformed stored hash never signs anyone in
    return false;
  }
}

/**
 * A real hash of a random password, verified when the e-mail is unknown so that a wrong
 * e-mail and a wrong password take the same time (no user enumeration by timing).
 */
export const unknownUserHash = hashPassword(crypto.randomUUID());
