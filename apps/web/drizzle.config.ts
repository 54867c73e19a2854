import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./apps/web/src/db/schema.ts",
  out: "./apps/web/drizzle",
});
