// Vite config for the React Router build; `~/` maps to app/.
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  build: { target: "es2022" },
  ssr: { external: ["@electric-sql/pglite", "postgres", "exceljs"] },
});
