// How Atrium starts Debian's Chromium everywhere (tests and benchmarks): no sandbox
// (root in CI), no background traffic (the network is closed), WebGL through SwiftShader.
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

export function chromiumExecutable() {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

/** For the voice journeys: a fake microphone (a beep) that needs no permission prompt. */
export const fakeMediaArgs = [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
];
