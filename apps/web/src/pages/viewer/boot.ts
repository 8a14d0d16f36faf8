import { fetchEarlyData } from "./boot-data";

// The viewer's early start: an entry of its own that the server adds to viewer pages only
// (apps/server/src/http/viewer-preload.ts), never part of the app's shell. On those pages the
// server turns the app's own entry script into a module preload marked `data-atrium-app`, so it
// downloads beside this one without running: on a slow CPU (software WebGL, phones) the app's
// start-up would otherwise run between the renderer's creation and the room's first frame.
// This entry asks for the space's data at once (boot-data.ts), draws the room (early-start.ts,
// loaded dynamically so that any failure there still starts the app) and starts the app as the
// room's one long task begins (its code then arrives while the room is made, and runs after
// it), once the room is drawn or the early start steps aside, and at the latest after
// APP_START_LIMIT_MS so that a slow network shows the app's loading overlay.

/** Longest the app waits for the early start's room. */
const APP_START_LIMIT_MS = 1000;

let appStarted = false;
function startApp() {
  if (appStarted) return;
  appStarted = true;
  const entry = document.querySelector<HTMLLinkElement>("link[data-atrium-app]")?.href;
  if (entry) void import(/* @vite-ignore */ entry);
}

performance.mark?.("atrium:viewer:boot-entry");
const data = fetchEarlyData();

function start() {
  setTimeout(startApp, APP_START_LIMIT_MS);
  import("./early-start")
    // once the app has started (the time limit) it draws the space itself: no second renderer
    .then((module) => (appStarted ? undefined : module.startEarly(data, startApp)))
    .then(startApp, startApp);
}

if (document.body) start();
else document.addEventListener("DOMContentLoaded", start, { once: true });
