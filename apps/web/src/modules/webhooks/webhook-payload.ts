import type { TCampaignView } from "@brandwarden/contract/browser/campaigns";
import { SEVERITIES } from "@brandwarden/contract/common";
import type { TStoredDomainFinding, TStoredSocialFinding } from "@brandwarden/contract/findings";
import { presentDomainFinding, presentSocialFinding } from "../findings/findings.presenter.ts";
import type { DomainFindingRow, ScanRow, SocialFindingRow } from "../../db/rows.ts";

/**
 * Findings sent in the webhook body itself, as JSON bytes (PDFs not counted): a scan with more
 * is sent worst first up to this size, and the receiver pages the rest from the snapshot URL.
 */
const WEBHOOK_INLINE_LIMIT_BYTES = 4 * 1024 * 1024;

type Scored = { adjusted_score: number | null; score: number | null };
const effectiveScore = (f: Scored) => f.adjusted_score ?? f.score ?? 0;
const severityOf = (f: { adjusted_severity: string | null; severity: string | null }) =>
  f.adjusted_severity ?? f.severity ?? "info";

/** Worst first, then by name: the order of the body and of the snapshot pages alike. */
function worstFirst<T extends Scored>(rows: T[], name: (r: T) => string): T[] {
  return [...rows].sort((a, b) => effectiveScore(b) - effectiveScore(a) || name(a).localeCompare(name(b)));
}

/** Takes items in order while their JSON fits in `budget` bytes; returns them and the bytes used. */
function fitting<T>(items: T[], budget: number): { kept: T[]; used: number } {
  const kept: T[] = [];
  let used = 0;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (used + size > budget) break;
    kept.push(item);
    used += size;
  }
  return { kept, used };
}

/**
 * The JSON a webhook receiver gets (README "Webhooks"): the event, the scan, a summary, every
 * campaign (named and described as the dashboard shows it), the domain and social findings (all of them when they fit in the inline limit,
 * else the worst first and `complete: false`), a signed expiring snapshot URL that pages all of
 * them, and both PDFs (base64) once the report is ready.
 */
export function buildWebhookPayload(input: {
  event: string;
  scan: ScanRow;
  findings: DomainFindingRow[];
  socialFindings: SocialFindingRow[];
  /** The scan's campaigns from the campaigns service (the dashboard's). */
  campaigns: TCampaignView[];
  pdfs: { full: string | null; summary: string | null } | null;
  snapshot: { url: string; expires_at: string; page_size: number };
  inlineLimitBytes?: number;
  now?: Date;
}) {
  const bySeverity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<string, number>;
  for (const f of [...input.findings, ...input.socialFindings])
    bySeverity[severityOf(f)] = (bySeverity[severityOf(f)] ?? 0) + 1;
  const { campaigns } = input;
  const domains: TStoredDomainFinding[] = worstFirst(input.findings, (f) => f.domain).map((f) =>
    presentDomainFinding(f),
  );
  const social: TStoredSocialFinding[] = worstFirst(
    input.socialFindings,
    (f) => `${f.platform}/${f.handle}`,
  ).map((f) => presentSocialFinding(f));
  const limit = input.inlineLimitBytes ?? WEBHOOK_INLINE_LIMIT_BYTES;
  const inlineDomains = fitting(domains, limit);
  const inlineSocial = fitting(social, limit - inlineDomains.used);
  const complete = inlineDomains.kept.length === domains.length && inlineSocial.kept.length === social.length;
  return {
    type: input.event,
    timestamp: (input.now ?? new Date()).toISOString(),
    data: {
      scan: {
        scan_id: input.scan.id,
        user_id: input.scan.user_id,
        status: input.scan.status,
        stage_states: input.scan.stage_states,
        created_at: input.scan.created_at.toISOString(),
        completed_at: input.scan.completed_at?.toISOString() ?? null,
        error: input.scan.error,
        // Social platforms the scan could not check, and why (absent: all were checked).
        ...(input.scan.social_coverage?.length ? { social_coverage: input.scan.social_coverage } : {}),
      },
      summary: {
        domains: domains.length,
        social: social.length,
        campaigns: campaigns.length,
        by_severity: bySeverity,
      },
      campaigns,
      findings: inlineDomains.kept,
      social_findings: inlineSocial.kept,
      complete,
      snapshot: input.snapshot,
      report: input.pdfs,
    },
  };
}
