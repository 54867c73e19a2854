import { z } from "zod";
import { ZDomainName, ZGeneration, ZId } from "./common.ts";
import { ZHandle, ZSocialPlatform } from "./brand.ts";

/** Web-to-worker HTTP timeouts (contract part 8): 5 s to open, 15 s to read, 180 s to read a PDF report. */
export const WORKER_TIMEOUTS = { connectMs: 5_000, readMs: 15_000, reportReadMs: 180_000 } as const;

/** Bodies of the worker's `/api/v1` endpoints. `/scan/start` takes `ZScanStartPayload` (scan.ts). */
export const ZScanRef = z.object({ scan_id: ZId });

const ZCampaignNarrative = z.object({
  campaign_id: z.string(),
  /** The campaign's readable name (campaign-describe); missing in narratives cached before names. */
  name: z.string().max(300).optional(),
  /** "defensive": probably the brand's own registrations (missing: attack). */
  kind: z.enum(["attack", "defensive"]).optional(),
  domains: z.array(z.string()),
  narrative: z.string(),
  source: z.enum(["ai", "deterministic"]),
});
export const ZCampaignNarrativesResponse = z.object({ narratives: z.array(ZCampaignNarrative) });
export type TCampaignNarrativesResponse = z.infer<typeof ZCampaignNarrativesResponse>;

export const ZTakedownRequest = z.object({ scan_id: ZId, finding_id: ZId, domain: ZDomainName });
export const ZTakedownDraft = z.object({
  subject: z.string().max(500),
  body: z.string().max(50_000),
  /** Why the draft should not be sent as it is (the domain is probably the brand's own). */
  warning: z.string().max(1000).optional(),
});
export type TTakedownDraft = z.infer<typeof ZTakedownDraft>;

export const ZDomainEnrichRequest = z.object({
  owned_domain_id: ZId,
  user_id: ZId,
  domain: ZDomainName,
  generation: ZGeneration,
});
export type TDomainEnrichRequest = z.infer<typeof ZDomainEnrichRequest>;

export const ZSocialEnrichRequest = z.object({
  social_handle_id: ZId,
  user_id: ZId,
  platform: ZSocialPlatform,
  handle: ZHandle,
  generation: ZGeneration,
});
export type TSocialEnrichRequest = z.infer<typeof ZSocialEnrichRequest>;

export const ZKeywordExpandRequest = z.object({ user_id: ZId, generation: ZGeneration });
export type TKeywordExpandRequest = z.infer<typeof ZKeywordExpandRequest>;

export const ZReportResponse = z.object({ full: z.base64(), summary: z.base64() });
export type TReportResponse = z.infer<typeof ZReportResponse>;

/** Paths of the worker endpoints, relative to `{worker_base_url}` (which ends in `/api/v1`). */
export const WORKER_PATHS = {
  scanStart: "/scan/start",
  campaignNarratives: "/campaign/narratives",
  takedownGenerate: "/takedown/generate",
  domainEnrich: "/domain/enrich",
  socialEnrich: "/social/enrich",
  keywordExpand: "/brand/keyword_expand",
  reportGenerate: "/report/generate",
  /** A watch round for one user (`ZWatchRequest`, watch.ts): 202, results as `watch_update` events. */
  watch: "/watch",
} as const;
