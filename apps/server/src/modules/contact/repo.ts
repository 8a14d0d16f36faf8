import type { Database } from "../../db/client.js";
import { comingSoonSignups } from "../../db/schema/index.js";

export function createContactRepo(db: Database) {
  return {
    /** Records an address once; a second sign-up with the same address changes nothing. */
    async addComingSoonSignup(email: string): Promise<void> {
      await db.insert(comingSoonSignups).values({ email }).onConflictDoNothing();
    },
  };
}

export type ContactRepo = ReturnType<typeof createContactRepo>;
