// Vite config for the React Router build; `~/` maps to app/.
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

export default defineConfig({
  plugins: [reactRouter()],
  // Names this build in the public pages' ETags, so a deploy never answers 304 for a page it changed.
  define: { __BUILD_ID__: JSON.stringify(Date.now().toString(36)) },
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  build: {
    target: "es2022",
    rollupOptions: {
      // Resource routes (the JSON API) have no browser code: their empty client chunks are expected.
      onwarn(warning, warn) {
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
  ssr: { external: ["@electric-sql/pglite", "postgres", "exceljs"] },
});
