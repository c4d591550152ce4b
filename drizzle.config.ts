// drizzle-kit config: generates SQL migrations from db/schema.ts into db/migrations.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
