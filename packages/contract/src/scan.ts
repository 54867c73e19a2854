import { z } from "zod";
import { ZDomainName, ZId, ZIsoDate } from "./common.ts";
import { ZSocialHandleRef } from "./brand.ts";
import { SCAN_STAGES, SCAN_STATUSES } from "./constants.ts";

export const ZScanStatus = z.enum(SCAN_STATUSES);
export const ZScanStage = z.enum(SCAN_STAGES);

const STAGE_STATUSES = ["pending", "running", "completed", "skipped", "failed", "cancelled"] as const;
const ZStageStatus = z.enum(STAGE_STATUSES);

const ZStageState = z.object({
  status: ZStageStatus,
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  started_at: ZIsoDate.nullable(),
  finished_at: ZIsoDate.nullable(),
  error: z.string().max(2000).optional(),
  /** What a running stage waits on now, e.g. "RDAP rdap.verisign.com (.com): 10 req/s, 1,200 queued, ~2 min". */
  waiting_on: z.string().max(300).optional(),
});
export type TStageState = z.infer<typeof ZStageState>;

export const ZStageStates = z.partialRecord(ZScanStage, ZStageState);
export type TStageStates = z.infer<typeof ZStageStates>;

/** An owned domain's enrichment result, compared against every lookalike. */
export const ZDomainProfile = z.object({
  domain: ZDomainName,
  title: z.string().max(500).nullable(),
  content_snippet: z.string().max(2000).nullable(),
  ips: z.array(z.string().max(45)).max(64),
  name_servers: z.array(z.string().max(253)).max(32),
  html_hash: z.string().max(200).nullable(),
  favicon_hash: z.string().max(200).nullable(),
  screenshot_hash: z.string().max(200).nullable(),
  fetched_at: ZIsoDate,
});
export type TDomainProfile = z.infer<typeof ZDomainProfile>;

export const ZScanStartPayload = z.object({
  scan_id: ZId,
  user_id: ZId,
  brand_name: z.string().trim().min(1).max(200),
  keywords: z.array(z.string().trim().toLowerCase().min(1).max(100)).max(200),
  owned_domains: z.array(ZDomainName).min(1).max(50),
  social_handles: z.array(ZSocialHandleRef).max(100),
  logo_url: z.url().max(2000).nullable(),
  domain_profiles: z.array(ZDomainProfile).max(50),
  resume_from_stage: ZScanStage.nullable(),
});
export type TScanStartPayload = z.infer<typeof ZScanStartPayload>;
