import path from "node:path";
import type { Config } from "../../config.js";
import { createLocalStorage } from "./local-storage.js";
import type { FileStorage } from "./storage.js";

export * from "./storage.js";

/** The storage the configuration asks for: the local directory DATA_DIR/files for now. */
export function createStorage(config: Pick<Config, "dataDir">): FileStorage {
  return createLocalStorage(path.join(config.dataDir, "files"));
}
