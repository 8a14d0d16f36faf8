import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // the API and files come from the Atrium server during `vite` development
    proxy: { "/api": "http://localhost:3000", "/cms/api": "http://localhost:3000" },
  },
  // the prerender build (scripts/prerender.mjs) runs in Node: our TypeScript packages are
  // bundled, npm packages are loaded from node_modules
  ssr: { noExternal: ["@atrium/domain"] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
    chunkSizeWarningLimit: 1500,
  },
});
