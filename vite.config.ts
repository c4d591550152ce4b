// Vite config for the React Router build; `~/` maps to app/.
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { pageScripts } from "./vite-page-scripts";

/**
 * Writes a .gz (level 9) and a .br (quality 11) beside every script and stylesheet of the browser build, once, so the
 * server sends them as they are (server/app.ts) instead of gzipping 350 KB of JavaScript at level 4 for each visitor.
 */
function precompressAssets(): Plugin {
  return {
    name: "tm-precompress-assets",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(name)) continue;
        const file = path.join(options.dir!, name);
        const body = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  // pageScripts: the inline scripts of the pages served without React, built from app/scripts/ with their CSP hashes.
  plugins: [reactRouter(), pageScripts(), precompressAssets()],
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
  // The server build's entry is the Express app (server/app.ts), which imports React Router's build: server.js serves
  // it as build/server/index.js, and loads the same module through Vite in development.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
});
