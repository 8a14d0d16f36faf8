// What main.ts needs from the rest of the server. The build makes this one CommonJS bundle,
// dist/server.cjs, which the built main.ts (dist/main.js) loads through V8's code cache (code-cache.ts, docs/startup.md).
export { ConfigError, loadConfig } from "./config.js";
export { openDatabase } from "./db/client.js";
export { startServer } from "./server.js";
