import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { TCampaignNarrativesResponse } from "@brandwarden/contract/worker-api";
import type { Db } from "../../db/client.ts";
import { campaignNarratives, domainFindings } from "../../db/schema.ts";
import type { NarrativeRow } from "../../db/rows.ts";

export function createNarrativesRepository(db: Db) {
  return {
    /** The scan's campaigns as (campaign_id, domain) pairs, in a stable order. */
    campaignMembers(scanId: string) {
      return db
        .select({ campaign_id: domainFindings.campaign_id, domain: domainFindings.domain })
        .from(domainFindings)
        .where(and(eq(domainFindings.scan_id, scanId), isNotNull(domainFindings.campaign_id)))
        .orderBy(asc(domainFindings.campaign_id), asc(domainFindings.domain));
    },
    async cached(scanId: string): Promise<NarrativeRow | null> {
      const rows = await db.select().from(campaignNarratives).where(eq(campaignNarratives.scan_id, scanId));
      return rows[0] ?? null;
    },
    async store(
      scanId: string,
      fingerprint: string,
      narratives: TCampaignNarrativesResponse["narratives"],
    ): Promise<NarrativeRow> {
      const [row] = await db
        .insert(campaignNarratives)
        .values({ scan_id: scanId, fingerprint, narratives })
        .onConflictDoUpdate({
          target: campaignNarratives.scan_id,
          set: { fingerprint, narratives, generated_at: sql`now()` },
        })
        .returning();
      return row!;
    },
  };
}

export type NarrativesRepository = ReturnType<typeof createNarrativesRepository>;
