// The database thread when the server runs from its TypeScript source (tests, tsx): the worker
// loads pglite-worker.ts through tsx. The built server runs dist/pglite-worker.js.
import { register } from "tsx/esm/api";

register();
await import("./pglite-worker.ts");
