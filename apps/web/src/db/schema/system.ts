import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Platform settings by key (`ai_provider`, `audit_config`); values are deep-merged on update. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    user_id: uuid("user_id"),
    scan_id: uuid("scan_id"),
    subject_id: text("subject_id"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_events_scan_idx").on(t.scan_id), index("audit_events_name_idx").on(t.name)],
);
