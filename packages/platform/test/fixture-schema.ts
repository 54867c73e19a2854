import { fileURLToPath } from "node:url";
import { jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** The tiny schema matching `fixture-migrations/`, for the database adapter's own tests. */
export const items = pgTable("items", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
});

export const fixtureSchema = { items };

export const FIXTURE_MIGRATIONS = fileURLToPath(new URL("./fixture-migrations", import.meta.url));
