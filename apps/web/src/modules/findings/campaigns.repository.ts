import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { domainFindings } from "../../db/schema.ts";

/** The campaign members of one scan with what describes their campaign (no other finding). */
export function createCampaignsRepository(db: Db) {
  return {
    async membersOf(scanId: string) {
      return db
        .select({
          campaign_id: domainFindings.campaign_id,
          domain: domainFindings.domain,
          campaign_keys: domainFindings.campaign_keys,
          registrar: domainFindings.registrar,
          registration_created: domainFindings.registration_created,
          asn_org: domainFindings.asn_org,
          severity: domainFindings.severity,
          adjusted_severity: domainFindings.adjusted_severity,
          score: domainFindings.score,
          adjusted_score: domainFindings.adjusted_score,
        })
        .from(domainFindings)
        .where(and(eq(domainFindings.scan_id, scanId), isNotNull(domainFindings.campaign_id)))
        .orderBy(domainFindings.campaign_id, domainFindings.domain);
    },
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
export type CampaignMemberRow = Awaited<ReturnType<CampaignsRepository["membersOf"]>>[number];
