import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with 64 MiB of memory, 3 passes and 1 lane: RFC 9106's second recommended option
 * with one lane, well above OWASP's minimum (19 MiB, 2 passes). On this kind of machine one hash
 * takes about 45 ms of one core when it is idle, which keeps a guess expensive while a sign-in
 * stays well under a tenth of a second; `npm run bench -- auth` measures it. At most the libuv
 * pool's 4 hashes run at once: 256 MiB at the peak.
 */
export const ARGON2_PARAMETERS = {
  algorithm: 2, // Algorithm.Argon2id (the const enum is not importable under isolatedModules)
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 1,
} as const;

/** Whether a stored hash was made with other parameters (older, weaker): rehash at sign-in. */
export function needsRehash(passwordHash: string) {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  return (
    Number(match[1]) !== ARGON2_PARAMETERS.memoryCost ||
    Number(match[2]) !== ARGON2_PARAMETERS.timeCost ||
    Number(match[3]) !== ARGON2_PARAMETERS.parallelism
  );
}

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
 * A real hash, with ARGON2_PARAMETERS, of a random password nobody kept: verified when the e-mail
 * is unknown, so that a wrong e-mail and a wrong password take the same time (no user enumeration
 * by timing). Verifying costs what the parameters in the hash say, whatever the password was, so
 * a fixed hash serves; making one at every start cost 64 MiB and 45 ms of a core while the server
 * started (docs/startup.md). passwords.test.ts checks that it keeps today's parameters.
 */
export const unknownUserHash =
  "$argon2id$v=19$m=65536,t=3,p=1$ak0Mw2SOhnUW492gAoK3Kg$+0hOgpyvh2h/QvBzjoqMcAXW9E6uJ7JfvNBsY4iRNxQ";
