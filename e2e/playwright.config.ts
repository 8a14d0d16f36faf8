import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "./chromium-flags";

const port = Number(process.env.E2E_PORT ?? 3999);
const baseURL = `http://localhost:${port}`;

// The journeys run against the built server on the embedded defaults (PGlite, local
// files, sandbox payments), as `npm start` serves it; scripts/e2e.mjs picks the port
// and a fresh data directory.
export default defineConfig({
  testDir: "./tests",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : undefined,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "../test-results",
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs },
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: "node --enable-source-maps ../apps/server/dist/main.js",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR ?? "../data/e2e",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      // every journey signs up its own people, all from 127.0.0.1
      SIGNUP_LIMIT_PER_HOUR: "1000",
      // the embedded defaults, whatever the shell has set for the integration tests
      DATABASE_URL: "",
      REDIS_URL: "",
    },
  },
});
