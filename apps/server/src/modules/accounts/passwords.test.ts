import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import {
  ARGON2_PARAMETERS,
  hashPassword,
  needsRehash,
  unknownUserHash,
  verifyPassword,
} from "./passwords.js";

describe("password hashing", () => {
  it("hashes with argon2id at the chosen parameters and verifies", async () => {
    const stored = await hashPassword("a long enough password");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect(await verifyPassword(stored, "a long enough password")).toBe(true);
    expect(await verifyPassword(stored, "another password")).toBe(false);
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it("asks to rehash hashes made with other parameters", async () => {
    const weaker = await hash("pw", { ...ARGON2_PARAMETERS, memoryCost: 19_456, timeCost: 2 });
    expect(needsRehash(weaker)).toBe(true);
    expect(needsRehash("$2b$10$bcrypthash")).toBe(true);
  });

  it("keeps the unknown e-mail's hash at today's parameters, so that it costs what a real one does", async () => {
    expect(needsRehash(unknownUserHash)).toBe(false);
    expect(await verifyPassword(unknownUserHash, "a long enough password")).toBe(false);
  });
});
