// The Drizzle schema, one file per bounded context. Tables are created by the
// SQL files in ../migrations (applied by ../migrate.ts); keep both in step.

export * from "./accounts.js";
export * from "./assets.js";
export * from "./cms.js";
export * from "./contact.js";
export * from "./districts.js";
export * from "./files.js";
export * from "./mail.js";
export * from "./meta.js";
export * from "./notifications.js";
export * from "./payments.js";
export * from "./spaces.js";
export * from "./subscriptions.js";
export * from "./tours.js";
export * from "./wallet.js";
