import type { Redis } from "ioredis";
import type { Config } from "./config.js";
import type { DatabaseHandle } from "./db/client.js";

/**
 * What every module may use: configuration and the shared connections. Modules build
 * their services from it; tests build it from a test database (test/support/app.ts).
 */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  redis: Redis | null;
  version: string;
}
