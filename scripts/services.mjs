// Finds the machine's PostgreSQL and Redis for the integration tests: the real
// engines when they are reachable (CI always has them), the embedded ones otherwise.
import net from "node:net";

const defaults = {
  DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test",
  REDIS_URL: "redis://127.0.0.1:6379",
};

export async function detectServices(env = process.env) {
  const found = {};
  if (env.ATRIUM_TEST_EMBEDDED === "1") return found;
  if (!env.DATABASE_URL && (await postgresAnswers(defaults.DATABASE_URL))) {
    found.DATABASE_URL = defaults.DATABASE_URL;
  }
  if (!env.REDIS_URL && (await redisAnswers("127.0.0.1", 6379))) {
    found.REDIS_URL = defaults.REDIS_URL;
  }
  return found;
}

async function postgresAnswers(url) {
  try {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
    await client.connect();
    await client.query("SELECT 1");
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function redisAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => done(data.toString().startsWith("+PONG")));
    socket.on("timeout", () => done(false));
    socket.on("error", () => done(false));
  });
}
