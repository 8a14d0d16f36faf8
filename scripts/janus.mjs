// Debian's Janus WebRTC server for the voice tests (issue 19): found on the PATH, or installed
// with apt-get when missing and we are root (as Chromium is, scripts/chromium.mjs); started on
// its own ports with a configuration generated in a temporary directory (the folders of its
// plugins and transports are read from /etc/janus/janus.jcfg, the package's template). Only
// the VideoRoom plugin and the HTTP transport are loaded, bound to 127.0.0.1.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { log, run } from "./lib.mjs";

export function findJanus() {
  if (process.env.JANUS_PATH && existsSync(process.env.JANUS_PATH)) return process.env.JANUS_PATH;
  try {
    const found = execFileSync("sh", ["-c", "command -v janus"], { encoding: "utf8" }).trim();
    if (found) return found;
  } catch {
    // not on the PATH
  }
  return (
    ["/usr/bin/janus", "/usr/local/bin/janus"].find((candidate) => existsSync(candidate)) ?? null
  );
}

/**
 * Janus's binary, installed with apt-get when needed (once: later runs find it). Where it
 * cannot be installed: in CI the run fails; elsewhere null, with the reason logged (the Janus
 * voice tests then skip, saying why).
 */
export async function ensureJanus() {
  const found = findJanus();
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    log("Janus is missing: installing Debian's janus package with apt-get...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const install = ["install", "-y", "-qq", "--no-install-recommends", "janus"];
    await run("apt-get", install, { env }).catch(async () => {
      await run("apt-get", ["update", "-qq"], { env });
      await run("apt-get", install, { env });
    });
    const installed = findJanus();
    if (installed) return installed;
  }
  if (process.env.CI) {
    console.error(`${janusMissing}.`);
    process.exit(1);
  }
  log(`${janusMissing}: the Janus voice tests are skipped`);
  return null;
}

export const janusMissing =
  "Janus is not installed and apt-get cannot install it here (it needs root and apt-get; " +
  "sudo apt-get install -y janus, or set JANUS_PATH)";

/** A folder setting of the package's janus.jcfg (the template), or the Debian default. */
function packageFolder(name, fallback) {
  try {
    const template = readFileSync("/etc/janus/janus.jcfg", "utf8");
    const match = template.match(new RegExp(`^\\s*${name}\\s*=\\s*"([^"]+)"`, "m"));
    if (match?.[1] && existsSync(match[1])) return match[1];
  } catch {
    // no template: the default below
  }
  return fallback;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts Janus with a generated configuration. Resolves once its HTTP API answers, with
 * { url, apiSecret, adminKey, stop() }.
 */
export async function startJanus({ binary = findJanus(), apiSecret, adminKey } = {}) {
  if (!binary) throw new Error("Janus is not installed");
  const dir = mkdtempSync(path.join(tmpdir(), "atrium-janus-"));
  const port = await freePort();
  // RTP ports: a block of 200 of our own, chosen from the port
  const rtpStart = 20000 + (port % 200) * 200;
  const lib = "/usr/lib/x86_64-linux-gnu/janus";
  const plugins = packageFolder("plugins_folder", `${lib}/plugins`);
  const transports = packageFolder("transports_folder", `${lib}/transports`);
  const others = (folder, keep) =>
    (existsSync(folder) ? execFileSync("ls", [folder], { encoding: "utf8" }).split("\n") : [])
      .filter((name) => name.endsWith(".so") && name !== keep)
      .join(",");
  writeFileSync(
    path.join(dir, "janus.jcfg"),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${plugins}"
  transports_folder = "${transports}"
  events_folder = "${packageFolder("events_folder", `${lib}/events`)}"
  loggers_folder = "${packageFolder("loggers_folder", `${lib}/loggers`)}"
  debug_level = 3
  server_name = "atrium-test"
  api_secret = "${apiSecret}"
  session_timeout = 60
}
media: {
  rtp_port_range = "${rtpStart}-${rtpStart + 199}"
}
nat: {
  ice_ignore_list = "vmnet"
}
plugins: {
  disable = "${others(plugins, "libjanus_videoroom.so")}"
}
transports: {
  disable = "${others(transports, "libjanus_http.so")}"
}
events: {
  broadcast = false
}
`,
  );
  writeFileSync(
    path.join(dir, "janus.transport.http.jcfg"),
    `general: {
  json = "plain"
  base_path = "/janus"
  http = true
  port = ${port}
  ip = "127.0.0.1"
  https = false
}
admin: {
  admin_http = false
}
`,
  );
  writeFileSync(
    path.join(dir, "janus.plugin.videoroom.jcfg"),
    `general: {
  admin_key = "${adminKey}"
  lock_rtp_forward = true
}
`,
  );
  const child = spawn(binary, ["-C", path.join(dir, "janus.jcfg"), "-F", dir, "-o"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const url = `http://127.0.0.1:${port}/janus`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          resolve();
        }, 5000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`Janus exited (${child.exitCode}):\n${output}`);
    }
    try {
      const response = await fetch(`${url}/info`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Janus did not answer on ${url}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, apiSecret, adminKey, stop, output: () => output };
}
