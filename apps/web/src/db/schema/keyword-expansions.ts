import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * The latest problem the worker reported for a user's keyword expansion (a `log` event with
 * `user_id`): `failed` (nothing was stored) or `fallback` (stored without AI because AI failed).
 * It concerns one keyword generation; a newer profile save makes it moot.
 */
export const keywordExpansionProblems = pgTable("keyword_expansion_problems", {
  user_id: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  generation: integer("generation").notNull(),
  kind: text("kind", { enum: ["failed", "fallback"] }).notNull(),
  code: text("code").notNull(),
  message: text("message").notNull(),
  reported_at: timestamp("reported_at", { withTimezone: true }).notNull(),
});
