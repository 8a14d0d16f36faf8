import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/** Directives shared by every page; only the embed route relaxes frame-ancestors. */
export const contentSecurityDirectives = {
  defaultSrc: ["'self'"],
  // WebAssembly only (no eval): the meshopt decoder of optimised glb models is a WASM module
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  // Mantine writes its CSS variables into <style> tags at run time
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:", "https:"],
  mediaSrc: ["'self'", "blob:", "https:"],
  fontSrc: ["'self'", "data:"],
  // blob: the glb loader reads a model's embedded textures through blob URLs the page itself
  // made (a blob URL only ever names this origin's own data)
  connectSrc: ["'self'", "blob:", "ws:", "wss:"],
  workerSrc: ["'self'", "blob:"],
  // web views in a space show other sites' pages
  frameSrc: ["'self'", "https:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...contentSecurityDirectives,
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // same-origin embedding only, except the embed route (web-app.ts)
    frameguard: { action: "sameorigin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
    strictTransportSecurity: options.https,
  });
}

/** The embed route may be framed by any site: the whole point of embedding. */
export function embeddableContentSecurityPolicy() {
  return Object.entries({ ...contentSecurityDirectives, frameAncestors: ["*"] })
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(" ")}`,
    )
    .join("; ");
}

/**
 * The policy of the KTX2 transcoder's worker file (the web build's ktx2-worker-shim-*.js): a
 * worker started from a URL has the policy of its own response, not the page's. The Basis
 * Universal transcoder it runs (three.js's, from our own assets, handed over as a blob: URL)
 * generates its bindings' functions when it starts, which needs 'unsafe-eval'; that is allowed
 * here only, in a worker that has no page to reach, and never on the pages themselves.
 */
export const TRANSCODER_WORKER = /^ktx2-worker-shim-[\w-]+\.js$/;
export const transcoderWorkerContentSecurityPolicy = () =>
  "default-src 'none'; script-src 'self' blob: 'unsafe-eval' 'wasm-unsafe-eval'; connect-src 'self' blob:";
