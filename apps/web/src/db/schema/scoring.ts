import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Weight sets, versioned per scope: `user_id` null is the platform's set, otherwise the set
 * learned from that user's labels (it scores only that user's scans).
 */
export const scoringWeights = pgTable(
  "scoring_weights",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    weights: jsonb("weights").$type<Record<string, number>>().notNull(),
    source: text("source").$type<"manual" | "learned">().notNull(),
    sample_size: integer("sample_size").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("scoring_weights_platform_version_idx")
      .on(t.version)
      .where(sql`${t.user_id} is null`),
    uniqueIndex("scoring_weights_user_version_idx")
      .on(t.user_id, t.version)
      .where(sql`${t.user_id} is not null`),
  ],
);

/** An analyst's label, with the finding's evidence as it was when labelled (the learner's sample). */
export const feedbackLabels = pgTable(
  "feedback_labels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"domain" | "social">().notNull(),
    finding_id: uuid("finding_id").notNull(),
    label: text("label").$type<"confirmed" | "benign">().notNull(),
    reason: text("reason"),
    signals: jsonb("signals").$type<Record<string, number | null>>().notNull().default({}),
    ai_verdict: text("ai_verdict"),
    ai_confidence: real("ai_confidence"),
    adjusted_score: real("adjusted_score"),
    campaign_id: text("campaign_id"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("feedback_labels_created_idx").on(t.created_at),
    index("feedback_labels_finding_idx").on(t.finding_id),
    index("feedback_labels_user_created_idx").on(t.user_id, t.created_at),
  ],
);
