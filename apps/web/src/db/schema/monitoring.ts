import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, real } from "drizzle-orm/pg-core";
import type { TChangeCounts, TFieldChange, TLifecycleState } from "@brandwarden/contract/monitoring";
import { scans } from "./scans.ts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A lookalike followed across scans and watches, one row per user and name (a domain, or
 * `platform:handle` for social ones): its lifecycle state and the latest evidence seen.
 */
export const trackedLookalikes = pgTable(
  "tracked_lookalikes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"domain" | "social">().notNull(),
    name: text("name").notNull(),
    platform: text("platform"),
    handle: text("handle"),
    state: text("state").$type<TLifecycleState>().notNull(),
    /**
     * Which source saw it first (`scan`, `watch`, `pinned`, `ct`, `zone`, `nrd`): set once, so it is
     * also the source time-to-detect is counted for (no separate `first_seen_by`).
     */
    discovered_by: text("discovered_by").notNull(),
    first_seen_at: ts("first_seen_at").notNull().defaultNow(),
    /** The RDAP/WHOIS creation date, from the first look that knew it (time-to-detect starts here). */
    registered_at: ts("registered_at"),
    /** When its certificate first appeared: the CT entry's logged time, or the earliest `tls_not_before` seen. */
    cert_first_seen_at: ts("cert_first_seen_at"),
    /** Last time a scan or watch saw it registered (found, for social). */
    last_seen_at: ts("last_seen_at"),
    last_checked_at: ts("last_checked_at"),
    state_changed_at: ts("state_changed_at").notNull().defaultNow(),
    /** The last scan that had it registered, and its finding there. */
    last_scan_id: uuid("last_scan_id").references(() => scans.id, { onDelete: "set null" }),
    last_finding_id: uuid("last_finding_id"),
    /** The latest evidence (finding fields) a scan or watch saw: what the next look is compared with. */
    evidence: jsonb("evidence").$type<Record<string, unknown>>().notNull().default({}),
    score: real("score"),
    severity: text("severity"),
    takedown_requested_at: ts("takedown_requested_at"),
    down_at: ts("down_at"),
    reemerged_at: ts("reemerged_at"),
    created_at: ts("created_at").notNull().defaultNow(),
    updated_at: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tracked_lookalikes_user_kind_name_idx").on(t.user_id, t.kind, t.name),
    index("tracked_lookalikes_user_state_idx").on(t.user_id, t.state),
  ],
);

/** The timeline of a tracked lookalike: what was seen, when, by which source, and what moved. */
export const lookalikeObservations = pgTable(
  "lookalike_observations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tracked_id: uuid("tracked_id")
      .notNull()
      .references(() => trackedLookalikes.id, { onDelete: "cascade" }),
    user_id: uuid("user_id").notNull(),
    at: ts("at").notNull().defaultNow(),
    source: text("source").notNull(),
    event: text("event").notNull(),
    state: text("state").$type<TLifecycleState>().notNull(),
    scan_id: uuid("scan_id"),
    finding_id: uuid("finding_id"),
    changes: jsonb("changes").$type<TFieldChange[]>().notNull().default([]),
    note: text("note"),
  },
  (t) => [index("lookalike_observations_tracked_at_idx").on(t.tracked_id, t.at)],
);

/** Names an analyst pinned: the watch re-resolves them on every round. */
export const watchPins = pgTable(
  "watch_pins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    note: text("note"),
    created_at: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("watch_pins_user_domain_idx").on(t.user_id, t.domain)],
);

/** Change detection of a completed scan: the scan it was compared with and the counts per change. */
export const scanChanges = pgTable("scan_changes", {
  scan_id: uuid("scan_id")
    .primaryKey()
    .references(() => scans.id, { onDelete: "cascade" }),
  previous_scan_id: uuid("previous_scan_id"),
  counts: jsonb("counts").$type<TChangeCounts>().notNull(),
  social_counts: jsonb("social_counts").$type<TChangeCounts>().notNull(),
  computed_at: ts("computed_at").notNull().defaultNow(),
});

/** One watch round of one user: dispatched to a worker, ended by its last `watch_update`. */
export const watchRounds = pgTable(
  "watch_rounds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<"running" | "completed" | "failed">().notNull().default("running"),
    error: text("error"),
    stats: jsonb("stats").$type<Record<string, number>>(),
    started_at: ts("started_at").notNull().defaultNow(),
    finished_at: ts("finished_at"),
  },
  (t) => [index("watch_rounds_user_started_idx").on(t.user_id, t.started_at)],
);
