import { integer, jsonb, pgTable, text, timestamp, uuid, uniqueIndex } from "drizzle-orm/pg-core";
import type { TDomainProfile } from "@brandwarden/contract/scan";
import type { TSocialProfile } from "@brandwarden/contract/events";
import { users } from "./users.ts";

/** Enrichment state of an owned domain or handle: `pending` until the profile of its generation arrives. */
export type EnrichmentStatus = "pending" | "completed" | "failed";

export const ownedDomains = pgTable(
  "owned_domains",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    generation: integer("generation").notNull().default(1),
    enrichment_status: text("enrichment_status").$type<EnrichmentStatus>().notNull().default("pending"),
    enrichment_error: text("enrichment_error"),
    /** Times the current generation was handed to the worker again because its profile never came. */
    enrichment_retries: integer("enrichment_retries").notNull().default(0),
    /** When the current generation's enrichment was last asked for (null: since `updated_at`). */
    enrichment_requested_at: timestamp("enrichment_requested_at", { withTimezone: true }),
    profile: jsonb("profile").$type<TDomainProfile>(),
    profile_generation: integer("profile_generation"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("owned_domains_user_domain_idx").on(t.user_id, t.domain)],
);

export const socialHandles = pgTable(
  "social_handles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    handle: text("handle").notNull(),
    generation: integer("generation").notNull().default(1),
    enrichment_status: text("enrichment_status").$type<EnrichmentStatus>().notNull().default("pending"),
    enrichment_error: text("enrichment_error"),
    profile: jsonb("profile").$type<TSocialProfile>(),
    profile_generation: integer("profile_generation"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("social_handles_user_platform_handle_idx").on(t.user_id, t.platform, t.handle)],
);
