import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { TAlertType } from "@brandwarden/contract/alerts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });
type Delivery = "pending" | "delivered" | "failed" | "skipped";

/** The alert feed, and each alert's delivery by webhook and e-mail. */
export const alerts = pgTable(
  "alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<TAlertType>().notNull(),
    subject: text("subject").notNull(),
    title: text("title").notNull(),
    reason: text("reason").notNull(),
    severity: text("severity"),
    /** The UI page, as a path (`/lookalikes/<id>`, `/findings/<id>`, `/dashboard?...`). */
    link: text("link").notNull(),
    finding_id: uuid("finding_id"),
    scan_id: uuid("scan_id"),
    lookalike_id: uuid("lookalike_id"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    dedupe_key: text("dedupe_key").notNull(),
    read_at: ts("read_at"),
    webhook_status: text("webhook_status").$type<Delivery>().notNull().default("pending"),
    webhook_attempts: integer("webhook_attempts").notNull().default(0),
    webhook_error: text("webhook_error"),
    email_status: text("email_status").$type<Delivery>().notNull().default("pending"),
    slack_status: text("slack_status").$type<Delivery>().notNull().default("pending"),
    teams_status: text("teams_status").$type<Delivery>().notNull().default("pending"),
    /** Why the last Slack or Teams post failed (best effort: never holds the webhook back). */
    chat_error: text("chat_error"),
    created_at: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("alerts_user_dedupe_idx").on(t.user_id, t.dedupe_key),
    index("alerts_user_created_idx").on(t.user_id, t.created_at),
  ],
);
