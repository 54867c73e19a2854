import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { TCaseTimelineEntry, TRecipientContact } from "@brandwarden/contract/browser/takedown-cases";
import type { TSiteBaseline } from "@brandwarden/contract/takedown-worker";
import type {
  TDownHow,
  TRecipientChannel,
  TRecipientRole,
  TRecipientSource,
  TRecipientState,
  TTakedownState,
} from "@brandwarden/contract/takedown-words";
import { scans } from "./scans.ts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A takedown case (issue 29): one per lookalike while it is not ended (`down`, `withdrawn`), from
 * opening to the site being down; its evidence pack, recipients, timeline and escalations.
 */
export const takedownCases = pgTable(
  "takedown_cases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"domain" | "social">().notNull(),
    finding_id: uuid("finding_id").notNull(),
    scan_id: uuid("scan_id")
      .notNull()
      .references(() => scans.id, { onDelete: "cascade" }),
    /** What the case is about: the domain, or `platform:handle` (lower-cased) for social cases. */
    target: text("target").notNull(),
    domain: text("domain"),
    platform: text("platform"),
    handle: text("handle"),
    profile_url: text("profile_url"),
    state: text("state").$type<TTakedownState>().notNull().default("open"),
    draft: jsonb("draft").$type<{ subject: string; body: string; warning?: string }>(),
    evidence_status: text("evidence_status")
      .$type<"capturing" | "ready" | "failed">()
      .notNull()
      .default("capturing"),
    evidence_live: boolean("evidence_live"),
    evidence_captured_at: ts("evidence_captured_at"),
    evidence_sha256: text("evidence_sha256"),
    evidence_size: integer("evidence_size"),
    /** Blob store keys of the WARC and of the screenshot PNG. */
    evidence_key: text("evidence_key"),
    screenshot_key: text("screenshot_key"),
    evidence_error: text("evidence_error"),
    baseline: jsonb("baseline").$type<TSiteBaseline>(),
    escalation_contacts: jsonb("escalation_contacts").$type<TRecipientContact[]>().notNull().default([]),
    opened_at: ts("opened_at").notNull().defaultNow(),
    first_sent_at: ts("first_sent_at"),
    last_escalated_at: ts("last_escalated_at"),
    escalation_level: integer("escalation_level").notNull().default(0),
    down_at: ts("down_at"),
    down_how: text("down_how").$type<TDownHow>(),
    time_to_down_s: integer("time_to_down_s"),
    last_checked_at: ts("last_checked_at"),
    updated_at: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // One case per lookalike that is not ended: opening twice (even at once) finds the same case.
    uniqueIndex("takedown_cases_open_target_idx")
      .on(t.user_id, t.kind, t.target)
      .where(sql`${t.state} not in ('down', 'withdrawn')`),
    index("takedown_cases_user_opened_idx").on(t.user_id, t.opened_at),
    index("takedown_cases_state_idx").on(t.state),
  ],
);

/** Who a case's report goes to, where that came from, and what became of its message. */
export const takedownRecipients = pgTable(
  "takedown_recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    case_id: uuid("case_id")
      .notNull()
      .references(() => takedownCases.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    role: text("role").$type<TRecipientRole>().notNull(),
    organisation: text("organisation").notNull(),
    address: text("address").notNull(),
    channel: text("channel").$type<TRecipientChannel>().notNull(),
    source: text("source").$type<TRecipientSource>().notNull(),
    state: text("state").$type<TRecipientState>().notNull().default("ready"),
    message_id: text("message_id"),
    sent_at: ts("sent_at"),
    error: text("error"),
  },
  (t) => [index("takedown_recipients_case_idx").on(t.case_id, t.position)],
);

/** A case's timeline: what happened, when, in words. */
export const takedownTimeline = pgTable(
  "takedown_timeline",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    case_id: uuid("case_id")
      .notNull()
      .references(() => takedownCases.id, { onDelete: "cascade" }),
    at: ts("at").notNull().defaultNow(),
    event: text("event").$type<TCaseTimelineEntry["event"]>().notNull(),
    detail: text("detail").notNull(),
  },
  (t) => [index("takedown_timeline_case_at_idx").on(t.case_id, t.at)],
);

/** Each escalation of a case whose site stayed up: the follow-up and the next-level desks written to. */
export const takedownEscalations = pgTable(
  "takedown_escalations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    case_id: uuid("case_id")
      .notNull()
      .references(() => takedownCases.id, { onDelete: "cascade" }),
    at: ts("at").notNull().defaultNow(),
    level: integer("level").notNull(),
    to: jsonb("to").$type<Array<Pick<TRecipientContact, "role" | "organisation" | "address">>>().notNull(),
    message_ids: jsonb("message_ids").$type<string[]>().notNull().default([]),
    reason: text("reason").notNull(),
  },
  (t) => [index("takedown_escalations_case_idx").on(t.case_id, t.at)],
);
