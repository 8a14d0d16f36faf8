// The catalogue's worker thread when the server runs from its TypeScript source (tests, tsx):
// the worker loads worker.ts through tsx. The built server runs dist/catalogue-worker.js.
import { register } from "tsx/esm/api";

register();
await import("./worker.ts");
