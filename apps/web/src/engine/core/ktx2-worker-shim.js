// The KTX2 transcoder's worker. three.js's KTX2Loader builds its worker's code (the Basis
// Universal transcoder and its message handling) as a blob: URL, which inherits the page's
// Content-Security-Policy; the transcoder's bindings generate functions at start-up (embind),
// which that policy forbids. This file is served from our origin with a policy of its own that
// allows them (apps/server/src/http/security.ts, transcoderWorkerContentSecurityPolicy), and runs
// the loader's code, whose blob: URL it is given after the #, in this worker.
importScripts(decodeURIComponent(self.location.hash.slice(1)));
