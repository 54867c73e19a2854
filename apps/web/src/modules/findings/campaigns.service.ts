/**
 * A scan's campaigns as people read them, the same on the dashboard and in webhooks: each with
 * the name a person can say, its kind (an attack, or probably the brand's own registrations), the
 * shared keys in plain words, the worst severity and score, and the registration span. Attack
 * campaigns come first, worst and largest first; the brand's own registrations last.
 */
import type { TCampaignView } from "@brandwarden/contract/browser/campaigns";
import { describeCampaign } from "@brandwarden/contract/campaign-describe";
import { severityRank, type TSeverity } from "@brandwarden/contract/common";
import type { CampaignMemberRow, CampaignsRepository } from "./campaigns.repository.ts";

const asSeverity = (s: string | null): TSeverity | null =>
  s && ["info", "low", "medium", "high", "critical"].includes(s) ? (s as TSeverity) : null;

/** Groups campaign members by campaign id and describes each group. Pure. */
function summarizeCampaigns(rows: readonly CampaignMemberRow[]): TCampaignView[] {
  const groups = new Map<string, CampaignMemberRow[]>();
  for (const r of rows) {
    if (!r.campaign_id) continue;
    groups.set(r.campaign_id, [...(groups.get(r.campaign_id) ?? []), r]);
  }
  const rank = (s: TSeverity | null) => (s ? severityRank(s) : -1);
  return [...groups]
    .map(([campaign_id, members]): TCampaignView => {
      const d = describeCampaign(
        campaign_id,
        members.map((m) => ({
          ...m,
          severity: asSeverity(m.severity),
          adjusted_severity: asSeverity(m.adjusted_severity),
        })),
      );
      const domains = [...new Set(members.map((m) => m.domain))].sort();
      return {
        campaign_id,
        name: d.name,
        kind: d.kind,
        size: domains.length,
        domains,
        keys: [...new Set(members.flatMap((m) => m.campaign_keys ?? []))].sort(),
        evidence: d.evidence,
        worst_severity: d.worst_severity,
        max_score: Math.max(0, ...members.map((m) => m.adjusted_score ?? m.score ?? 0)),
        earliest_registration: d.earliest_registration,
        latest_registration: d.latest_registration,
      };
    })
    .sort(
      (a, b) =>
        Number(a.kind === "defensive") - Number(b.kind === "defensive") ||
        rank(b.worst_severity) - rank(a.worst_severity) ||
        b.size - a.size ||
        b.max_score - a.max_score ||
        a.campaign_id.localeCompare(b.campaign_id),
    );
}

export function createCampaignsService(deps: { repo: CampaignsRepository }) {
  return {
    /** The campaigns of one scan (the caller has checked the scan is the user's). */
    async forScan(scanId: string): Promise<TCampaignView[]> {
      return summarizeCampaigns(await deps.repo.membersOf(scanId));
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
