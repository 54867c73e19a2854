import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { TStageStates } from "@brandwarden/contract/scan";
import type { TSocialPlatformCoverage } from "@brandwarden/contract/findings";
import type { TScanStatus } from "@brandwarden/contract/constants";
import { users } from "./users.ts";

export const scans = pgTable(
  "scans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<TScanStatus>().notNull().default("pending"),
    stage_states: jsonb("stage_states").$type<TStageStates>().notNull().default({}),
    resume_from_stage: text("resume_from_stage"),
    error: text("error"),
    /** The start payload as dispatched (or to be dispatched, while deferred). */
    start_payload: jsonb("start_payload"),
    /** Social platforms the scan could not check logged-out, and why (one entry per platform). */
    social_coverage: jsonb("social_coverage").$type<TSocialPlatformCoverage[]>(),
    last_seq: jsonb("last_seq").$type<Record<string, number>>().notNull().default({}),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    started_at: timestamp("started_at", { withTimezone: true }),
    completed_at: timestamp("completed_at", { withTimezone: true }),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When what follows the scan's end (report job or `scan.failed` webhook, active key, browser
     * push, cancel command) was set going; null on a terminal scan: still to do (a web process
     * died in between), done by the next reconciliation.
     */
    ended_announced_at: timestamp("ended_announced_at", { withTimezone: true }),
    /**
     * The scan's end webhook (`scan.completed` once the report is ready or failed, `scan.failed`):
     * null while not due (or never enqueued: a process died in between, reconciliation enqueues
     * it), `pending` enqueued, `delivered`, `failed` (given up), `none` (no webhook URL).
     */
    webhook_state: text("webhook_state").$type<WebhookState>(),
  },
  (t) => [
    index("scans_user_created_idx").on(t.user_id, t.created_at),
    index("scans_status_idx").on(t.status),
  ],
);

export type WebhookState = "pending" | "delivered" | "failed" | "none";

export type ReportStatus = "pending" | "generating" | "ready" | "failed";

export const reports = pgTable("reports", {
  scan_id: uuid("scan_id")
    .primaryKey()
    .references(() => scans.id, { onDelete: "cascade" }),
  status: text("status").$type<ReportStatus>().notNull().default("pending"),
  full_key: text("full_key"),
  summary_key: text("summary_key"),
  error: text("error"),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The scan log shown on the dashboard: the worker's `log` events, newest kept. */
export const scanLogs = pgTable(
  "scan_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scan_id: uuid("scan_id")
      .notNull()
      .references(() => scans.id, { onDelete: "cascade" }),
    level: text("level").notNull(),
    message: text("message").notNull(),
    stage: text("stage"),
    code: text("code"),
    ts: timestamp("ts", { withTimezone: true }).notNull(),
  },
  (t) => [index("scan_logs_scan_ts_idx").on(t.scan_id, t.ts)],
);
