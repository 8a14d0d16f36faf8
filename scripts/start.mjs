// `npm start`: install what is missing, build what is stale, then run the server
// (which applies migrations and seeds an empty database) at http://localhost:$PORT.
import { spawn } from "node:child_process";
import path from "node:path";
import { checkNodeVersion, ensureDependencies, log, root } from "./lib.mjs";

checkNodeVersion();
await ensureDependencies();
const { buildAll } = await import("./build.mjs");
await buildAll();

log(`starting Atrium on http://localhost:${process.env.PORT ?? 3000} ...`);
const server = spawn(
  process.execPath,
  ["--enable-source-maps", path.join(root, "apps/server/dist/main.js")],
  { cwd: root, stdio: "inherit", env: process.env },
);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
