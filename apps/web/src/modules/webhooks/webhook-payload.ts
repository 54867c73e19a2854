import { SEVERITIES } from "@brandwarden/contract/common";
import type { DomainFindingRow, ScanRow, SocialFindingRow } from "../scans/scans.repository.ts";

const TOP = 25;

/** The JSON a webhook receiver gets: event, scan snapshot, findings summary, PDFs when ready. */
export function buildWebhookPayload(input: {
  event: string;
  scan: ScanRow;
  findings: DomainFindingRow[];
  socialFindings: SocialFindingRow[];
  pdfs: { full: string | null; summary: string | null } | null;
}) {
  const severityOf = (f: { adjusted_severity: string | null; severity: string | null }) =>
    f.adjusted_severity ?? f.severity ?? "info";
  const scoreOf = (f: { adjusted_score: number | null; score: number | null }) =>
    f.adjusted_score ?? f.score ?? 0;
  const bySeverity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<string, number>;
  for (const f of [...input.findings, ...input.socialFindings])
    bySeverity[severityOf(f)] = (bySeverity[severityOf(f)] ?? 0) + 1;
  const top = [...input.findings]
    .sort((a, b) => scoreOf(b) - scoreOf(a))
    .slice(0, TOP)
    .map((f) => ({
      id: f.id,
      domain: f.domain,
      score: scoreOf(f),
      severity: severityOf(f),
      campaign_id: f.campaign_id,
      registrar: f.registrar,
      ips: f.dns_a,
    }));
  return {
    type: input.event,
    timestamp: new Date().toISOString(),
    data: {
      scan: {
        scan_id: input.scan.id,
        status: input.scan.status,
        stage_states: input.scan.stage_states,
        created_at: input.scan.created_at.toISOString(),
        completed_at: input.scan.completed_at?.toISOString() ?? null,
        error: input.scan.error,
      },
      findings_summary: {
        domains: input.findings.length,
        social: input.socialFindings.length,
        by_severity: bySeverity,
        campaigns: new Set(input.findings.map((f) => f.campaign_id).filter(Boolean)).size,
        top,
      },
      report: input.pdfs,
    },
  };
}
