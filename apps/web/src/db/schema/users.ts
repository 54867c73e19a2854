import type { TSeverity } from "@brandwarden/contract/common";
import type { TTlp } from "@brandwarden/contract/intel-words";
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  uniqueIndex,
  index,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    password_hash: text("password_hash").notNull(),
    admin: boolean("admin").notNull().default(false),
    /** Set by an admin: this account's labels may train the platform's weight set. */
    trusted: boolean("trusted").notNull().default(false),
    brand_name: text("brand_name"),
    brand_names: jsonb("brand_names").$type<string[]>().notNull().default([]),
    keywords: jsonb("keywords").$type<string[]>().notNull().default([]),
    /** Goes up on every brand-profile change; derived keywords of another generation are stale. */
    keyword_generation: integer("keyword_generation").notNull().default(0),
    logo_key: text("logo_key"),
    logo_content_type: text("logo_content_type"),
    webhook_url: text("webhook_url"),
    webhook_secret: text("webhook_secret"),
    /** A Slack incoming webhook: alerts also go there as Block Kit messages. */
    slack_webhook_url: text("slack_webhook_url"),
    /** A Microsoft Teams workflow webhook: alerts also go there as Adaptive Cards. */
    teams_webhook_url: text("teams_webhook_url"),
    /** The lowest severity the threat-intel feeds (TAXII, STIX, MISP) share. */
    intel_min_severity: text("intel_min_severity").$type<TSeverity>().notNull().default("medium"),
    /** The TLP 2.0 marking of what the feeds share. */
    intel_tlp: text("intel_tlp").$type<TTlp>().notNull().default("amber"),
    /** Signed into every snapshot link of the user's webhooks; raising it revokes every earlier link. */
    snapshot_link_generation: integer("snapshot_link_generation").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_idx").on(t.email)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    user_agent: text("user_agent"),
    ip: text("ip"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.user_id)],
);

export const derivedKeywords = pgTable("derived_keywords", {
  user_id: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  keywords: jsonb("keywords").$type<string[]>().notNull().default([]),
  generation: integer("generation").notNull(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A password-reset request: only the token's hash is stored; single use, expiring. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("password_resets_token_idx").on(t.token_hash)],
);
