// `npm run admin -- COMMAND ...`: account administration on the configured database (the
// embedded one in DATA_DIR, or DATABASE_URL). Builds the server first when it is stale.
import { spawn } from "node:child_process";
import path from "node:path";
import { checkNodeVersion, ensureDependencies, root } from "./lib.mjs";

checkNodeVersion();
await ensureDependencies();
const { buildServer } = await import("./build.mjs");
await buildServer();
const cli = spawn(
  process.execPath,
  ["--enable-source-maps", path.join(root, "apps/server/dist/cli.js"), ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit", env: process.env },
);
cli.on("exit", (code) => process.exit(code ?? 1));
