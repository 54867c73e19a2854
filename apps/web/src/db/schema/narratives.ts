import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { TCampaignNarrativesResponse } from "@brandwarden/contract/worker-api";
import { scans } from "./scans.ts";

/**
 * Campaign narratives cached per scan, so a second visit spends no LLM budget. `fingerprint`
 * hashes the scan's campaigns (ids and member domains): a resumed scan that regrouped its
 * findings no longer matches and gets fresh narratives.
 */
export const campaignNarratives = pgTable("campaign_narratives", {
  scan_id: uuid("scan_id")
    .primaryKey()
    .references(() => scans.id, { onDelete: "cascade" }),
  fingerprint: text("fingerprint").notNull(),
  narratives: jsonb("narratives").$type<TCampaignNarrativesResponse["narratives"]>().notNull(),
  generated_at: timestamp("generated_at", { withTimezone: true }).notNull().defaultNow(),
});
