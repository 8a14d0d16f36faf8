// `npm test`: every tier, in order of speed: checks (types + lint), unit and
// integration tests (Vitest), then the end-to-end journeys in Chromium.
import { ensureChromium } from "./chromium.mjs";
import { ensureJanus } from "./janus.mjs";
import { checkNodeVersion, ensureDependencies, log, run } from "./lib.mjs";
import { detectServices } from "./services.mjs";

checkNodeVersion();
await ensureDependencies();
const chromium = await ensureChromium();
// Debian's Janus for the voice tests through the SFU (installed once with apt-get, like Chromium)
const janus = await ensureJanus();
const services = await detectServices();
const env = {
  ...process.env,
  ...services,
  CHROMIUM_PATH: chromium,
  ...(janus ? { JANUS_PATH: janus } : {}),
};
log(
  `integration tests on ${env.DATABASE_URL ? "PostgreSQL" : "PGlite"} and ${env.REDIS_URL ? "Redis" : "in-memory counters"}`,
);

const timings = [];
async function step(name, action) {
  const started = Date.now();
  log(`${name}...`);
  try {
    await action();
  } finally {
    timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

try {
  await step("checks (types and lint)", () => run("npm", ["run", "check", "--silent"], { env }));
  await step("unit and integration tests", () => run("npx", ["vitest", "run"], { env }));
  await step("build", async () => {
    const { buildAll } = await import("./build.mjs");
    await buildAll();
  });
  await step("end-to-end journeys", () => run(process.execPath, ["scripts/e2e.mjs"], { env }));
  log(`all tiers passed (${timings.join(", ")})`);
} catch (error) {
  log(`failed: ${error.message} (${timings.join(", ")})`);
  process.exit(1);
}
