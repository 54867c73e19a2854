import { z } from "zod";
import { ZDomainName, ZGeneration, ZId } from "./common.ts";
import { ZHandle, ZSocialPlatform } from "./brand.ts";

/** Bodies of the worker's `/api/v1` endpoints. `/scan/start` takes `ZScanStartPayload` (scan.ts). */
export const ZAccepted = z.object({ accepted: z.literal(true) });

export const ZScanRef = z.object({ scan_id: ZId });

export const ZCampaignNarrative = z.object({
  campaign_id: z.string(),
  domains: z.array(z.string()),
  narrative: z.string(),
  source: z.enum(["ai", "deterministic"]),
});
export const ZCampaignNarrativesResponse = z.object({ narratives: z.array(ZCampaignNarrative) });
export type TCampaignNarrativesResponse = z.infer<typeof ZCampaignNarrativesResponse>;

export const ZTakedownRequest = z.object({ scan_id: ZId, finding_id: ZId, domain: ZDomainName });
export const ZTakedownDraft = z.object({ subject: z.string().max(500), body: z.string().max(50_000) });
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
} as const;
