import { z } from "zod";
import { ZId, ZSeverity } from "../common.ts";
import { CHANGE_KINDS } from "../constants.ts";
import { DOMAIN_SORT_COLUMNS } from "../finding-fields.ts";
import { ZStoredDomainFinding, ZStoredSocialFinding } from "../findings.ts";
import { ZChangeCounts } from "../monitoring.ts";
import { ZCampaignView } from "./campaigns.ts";

/**
 * The dashboard's findings (`/dashboard/findings*`, `/dashboard/social_findings`,
 * `/dashboard/social/export`, `/dashboard/counts`, `/dashboard/campaigns`): of the scan named by
 * `?scan_id=` (default: the user's newest; a malformed id, or another user's scan, is 404), for
 * the signed-in user or an admin acting for one (`?user_id=`). Without any scan each answers
 * empty, except the exports (404).
 */

/**
 * A stored finding as the browser gets it: with the URL of its screenshot (or avatar), which
 * carries `?user_id=` when an admin acts for the owner; null when there is none.
 */
export const ZDomainFindingView = ZStoredDomainFinding.extend({
  screenshot_url: z.string().nullable().optional(),
});
export type TDomainFindingView = z.infer<typeof ZDomainFindingView>;

export const ZSocialFindingView = ZStoredSocialFinding.extend({
  avatar_url: z.string().nullable().optional(),
});
export type TSocialFindingView = z.infer<typeof ZSocialFindingView>;

const ZPageNumber = z.coerce.number().int().min(1).max(100_000).default(1);

/** `GET /dashboard/findings`: one page (15), sorted by any field column, filtered. */
export const ZFindingsQuery = z.object({
  scan_id: ZId.optional(),
  sort: z.enum(DOMAIN_SORT_COLUMNS as [string, ...string[]]).default("adjusted_score"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  page: ZPageNumber,
  /** The band of the AI-adjusted score where there is one, else of the score. */
  severity: ZSeverity.optional(),
  label: z.enum(["confirmed", "benign", "unlabeled"]).optional(),
  /** Any of the fuzzers that produced the name. */
  fuzzer: z.string().max(50).optional(),
  campaign: z.string().max(100).optional(),
  /** Text in the domain (ASCII or Unicode), the registrar or the page title. */
  q: z.string().trim().max(200).optional(),
  /** How the finding moved since the previous scan; `moved`: anything but unchanged. */
  change: z.enum([...CHANGE_KINDS, "moved"]).optional(),
});
export type TFindingsQuery = z.infer<typeof ZFindingsQuery>;

/** The plain export formats (`FINDINGS_EXPORTS`); an unknown or missing format is JSON. */
const ZExportFormat = z.enum(["csv", "json", "jsonl"]).default("json").catch("json");
export type TExportFormat = z.infer<typeof ZExportFormat>;

/**
 * `GET /dashboard/findings/export?format=csv|json|jsonl`: every finding the filters keep (up to
 * 100,000), as an attachment: CSV (a header of the contract's field names, then one row per
 * finding), JSON (`ZFindingsExport`) or JSON Lines (`application/x-ndjson`, one stored finding a
 * line); any other format is JSON.
 */
export const ZFindingsExportQuery = ZFindingsQuery.extend({ format: ZExportFormat });

/**
 * `GET /dashboard/social/export?scan_id=&format=csv|json|jsonl`: the scan's social findings (up to
 * 100,000, worst first), as an attachment in the same formats as the domain export (JSON:
 * `ZSocialFindingsExport`). No scan (or another user's) is 404.
 */
export const ZSocialExportQuery = z.object({ scan_id: ZId.optional(), format: ZExportFormat });

/** `GET /dashboard/social_findings`: one page (10), worst first. */
export const ZSocialFindingsQuery = z.object({ page: ZPageNumber });

const page = {
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total: z.number().int().min(0),
};

/** `GET /dashboard/findings`; `scan_id` is absent when the user has no scan. */
export const ZDomainFindingsPage = z.object({
  scan_id: ZId.optional(),
  findings: z.array(ZDomainFindingView),
  ...page,
});
export type TDomainFindingsPage = z.infer<typeof ZDomainFindingsPage>;

/** `GET /dashboard/social_findings`; `scan_id` is absent when the user has no scan. */
export const ZSocialFindingsPage = z.object({
  scan_id: ZId.optional(),
  findings: z.array(ZSocialFindingView),
  ...page,
});
export type TSocialFindingsPage = z.infer<typeof ZSocialFindingsPage>;

/** `GET /dashboard/findings/export?format=json`: the findings, as stored (no media URLs). */
export const ZFindingsExport = z.object({ scan_id: ZId, findings: z.array(ZStoredDomainFinding) });

/** `GET /dashboard/social/export?format=json`: the social findings, as stored (no media URLs). */
export const ZSocialFindingsExport = z.object({ scan_id: ZId, findings: z.array(ZStoredSocialFinding) });

const count = z.number().int().min(0);

/** `GET /dashboard/counts`: every count the dashboard shows, in one request. */
export const ZFindingCounts = z.object({
  scan_id: ZId.nullable(),
  /** Domain findings, per band of the AI-adjusted score where there is one, and per label. */
  total: count,
  by_severity: z.record(ZSeverity, count),
  by_label: z.object({ confirmed: count, benign: count, unlabeled: count }),
  social_total: count,
  campaigns: count,
  /** Per change since the previous scan; all zero until the scan completed. */
  by_change: ZChangeCounts,
});
export type TFindingCounts = z.infer<typeof ZFindingCounts>;

/** `GET /dashboard/campaigns`: attack campaigns first, worst and largest first. */
export const ZCampaignList = z.object({ scan_id: ZId.optional(), campaigns: z.array(ZCampaignView) });
