import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import type { DatabaseHandle } from "./db/client.js";
import { createMailer, type Mailer } from "./infra/mailer/mailer.js";
import { createStorage, type FileStorage } from "./infra/storage/index.js";

/**
 * What every module may use: configuration, the shared connections and the adapters to the
 * outside world. main.ts builds it from the environment; tests from a test database.
 */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  redis: Redis | null;
  mailer: Mailer;
  /** File contents (uploads, pictures): see modules/files for how to store a file. */
  storage: FileStorage;
  logger: Logger;
  version: string;
}

export function createContext(parts: {
  config: Config;
  database: DatabaseHandle;
  redis: Redis | null;
  logger: Logger;
  version: string;
}): AppContext {
  const { config, database, logger } = parts;
  return {
    ...parts,
    mailer: createMailer({
      db: database.db,
      smtpUrl: config.SMTP_URL,
      from: config.mailFrom,
      logger: logger.child({ component: "mailer" }),
    }),
    storage: createStorage(config),
  };
}
