import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // the API and files come from the Atrium server during `vite` development
    // (ATRIUM_API points elsewhere, e.g. a server on another port)
    proxy: {
      "/api": process.env.ATRIUM_API ?? "http://localhost:3000",
      "/cms/api": process.env.ATRIUM_API ?? "http://localhost:3000",
    },
  },
  // the prerender build (scripts/prerender.mjs) runs in Node: our TypeScript packages are
  // bundled, npm packages are loaded from node_modules
  ssr: { noExternal: ["@atrium/domain"] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
    // a worker must start from a URL of ours (its policy comes with its response): the KTX2
    // transcoder's worker file is never inlined as a data: URL (engine/core/ktx2-kit.ts)
    assetsInlineLimit: (file) => (file.endsWith("ktx2-worker-shim.js") ? false : undefined),
    chunkSizeWarningLimit: 1500,
    // the server reads it to add the viewer's early start to viewer pages
    // (apps/server/src/http/viewer-preload.ts)
    manifest: true,
    rolldownOptions: {
      // the app, and the viewer's early start (never loaded by other pages)
      input: { index: "index.html", "viewer-boot": "src/pages/viewer/boot.ts" },
      output: {
        codeSplitting: {
          // a group takes only the modules it names, not what they import
          includeDependenciesRecursively: false,
          groups: [
            {
              // the small modules the viewer's early start shares with the app's 3D pages, in
              // one chunk instead of six: each file is a request on the room's critical path
              name: "viewer-shared",
              test: /(scene\/item-lists|scene\/model-animation|catalogue-ids|rules\/viewer-data|rules\/picture-size|pages\/viewer\/settings)\.ts$/,
            },
          ],
        },
      },
    },
  },
});
