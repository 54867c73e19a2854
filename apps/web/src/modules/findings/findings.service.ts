import type { TFindingCounts, TFindingsQuery } from "@brandwarden/contract/browser/findings";
import type { TCampaignView } from "@brandwarden/contract/browser/campaigns";
import type { CampaignsService } from "./campaigns.service.ts";
import { emptyCounts, type FindingsRepository } from "./findings.repository.ts";

/** Findings per page of the dashboard's tables. */
export const DOMAIN_PAGE_SIZE = 15;
export const SOCIAL_PAGE_SIZE = 10;

/**
 * The dashboard's findings of one scan (the caller has checked the scan is the user's): the
 * domain table's pages and export, the social table's pages, the counts, the campaigns.
 */
export function createFindingsService(deps: { repo: FindingsRepository; campaigns: CampaignsService }) {
  return {
    domainPage: (scanId: string, q: TFindingsQuery) => deps.repo.domainPage(scanId, q, DOMAIN_PAGE_SIZE),
    /** Every finding the query keeps (its order; no paging), for the exports. */
    domainExport: (scanId: string, q: TFindingsQuery) => deps.repo.domainAll(scanId, q),
    /** Every social finding of the scan, worst first, for the exports. */
    socialExport: (scanId: string) => deps.repo.socialAll(scanId),
    socialPage: (scanId: string, page: number) => deps.repo.socialPage(scanId, page, SOCIAL_PAGE_SIZE),
    /** Every count the dashboard shows; all zero without a scan. */
    async counts(scanId: string | null): Promise<TFindingCounts> {
      return { scan_id: scanId, ...(scanId ? await deps.repo.counts(scanId) : emptyCounts()) };
    },
    campaigns: (scanId: string): Promise<TCampaignView[]> => deps.campaigns.forScan(scanId),
  };
}

export type FindingsService = ReturnType<typeof createFindingsService>;
