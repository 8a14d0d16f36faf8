import { defineConfig } from "vitest/config";

// Two projects: `unit` (pure code beside its source, no I/O) and `integration`
// (the API through buildApp against a real database: PostgreSQL when DATABASE_URL
// is set, PGlite otherwise). End-to-end journeys run under Playwright, not here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.{ts,tsx}"],
          // component tests opt into a DOM with `// @vitest-environment happy-dom`
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["apps/server/test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
