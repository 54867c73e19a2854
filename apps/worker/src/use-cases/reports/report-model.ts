/**
 * What the reports say, derived once from the audit snapshot: findings in priority order,
 * severity counts, campaigns, threat-feed exposure and takedown contacts. Pure data.
 */
import { describeCampaign } from "@brandwarden/contract/campaign-describe";
import { SEVERITIES, severityForScore, severityRank, type TSeverity } from "@brandwarden/contract/common";
import type { TAuditDomainFinding, TAuditSnapshot } from "@brandwarden/contract/audit";
import type { TReportTakedownCase } from "@brandwarden/contract/takedown-worker";

export type Finding = TAuditDomainFinding;

/**
 * Screenshots the full report embeds: those of the highest-priority findings. An analyst acts on the
 * worst findings first and needs their pictures as evidence; the rest are on the dashboard. Bounds
 * the images a report fetches and holds, whatever the scan's size.
 */
export const REPORT_SCREENSHOTS = 50;
export type SeverityOrUnscored = TSeverity | "unscored";

/** The score an analyst sees: the AI-adjusted one when present. */
export const effectiveScore = (f: Finding): number | null => f.adjusted_score ?? f.score;

export function effectiveSeverity(f: Finding): SeverityOrUnscored {
  if (f.adjusted_severity) return f.adjusted_severity;
  if (f.severity) return f.severity;
  const score = effectiveScore(f);
  return score === null ? "unscored" : severityForScore(score);
}

const rank = (s: SeverityOrUnscored) => (s === "unscored" ? -1 : severityRank(s));
const feedHits = (f: Finding) => f.threat_feed_hits?.length ?? 0;

/** Worst first: severity, threat-feed listing, AI verdict, score, then name for a stable order. */
function byPriority(a: Finding, b: Finding): number {
  return (
    rank(effectiveSeverity(b)) - rank(effectiveSeverity(a)) ||
    Number(feedHits(b) > 0) - Number(feedHits(a) > 0) ||
    Number(b.ai_verdict === "malicious") - Number(a.ai_verdict === "malicious") ||
    (effectiveScore(b) ?? -1) - (effectiveScore(a) ?? -1) ||
    a.domain.localeCompare(b.domain)
  );
}

/** A finding that warrants action: medium or worse, feed-listed or judged malicious; never one labelled benign. */
function isActionable(f: Finding): boolean {
  if (f.label === "benign") return false;
  if (f.label === "confirmed" || feedHits(f) > 0 || f.ai_verdict === "malicious") return true;
  return rank(effectiveSeverity(f)) >= severityRank("medium");
}

export interface Campaign {
  campaign_id: string;
  /** What a person can say: "Hostinger 127.20.80.1 · registered Oct 25–27 · 9 domains". */
  name: string;
  /** "defensive": probably the brand's own registrations, never reported as an attack. */
  kind: "attack" | "defensive";
  /** The shared keys in plain words, most shared first. */
  evidence: Array<{ text: string; members: number }>;
  findings: Finding[];
  /** Keys held by at least two members, most shared first. */
  shared_keys: Array<{ key: string; count: number }>;
  earliest_registration: string | null;
  latest_registration: string | null;
  worst: SeverityOrUnscored;
  login_forms: number;
  feed_listed: number;
}

interface FeedExposure {
  /** Findings listed by at least one feed, worst first. */
  findings: Finding[];
  /** Listings per feed name. */
  per_feed: Array<{ feed: string; count: number }>;
}

interface ContactGroup {
  kind: "registrar" | "hosting";
  /** Registrar name or hosting organisation (with ASN when known). */
  name: string;
  abuse_email: string | null;
  abuse_phone: string | null;
  domains: string[];
}

/** The scan owner's takedown cases as the web app answered them, or why they could not be read. */
export interface ReportTakedowns {
  cases: TReportTakedownCase[];
  /** Set when the read failed: the reports say so instead of claiming there are no cases. */
  unreadable: string | null;
}
const NO_TAKEDOWNS: ReportTakedowns = { cases: [], unreadable: null };

/** Cases still being worked on: not `down` and not `withdrawn`. */
export const isOpenCase = (c: TReportTakedownCase) => c.state !== "down" && c.state !== "withdrawn";

export interface ReportModel {
  snapshot: TAuditSnapshot;
  brand_name: string;
  /** Every domain finding, worst first. */
  findings: Finding[];
  actionable: Finding[];
  counts: Record<SeverityOrUnscored, number>;
  campaigns: Campaign[];
  feeds: FeedExposure;
  contacts: ContactGroup[];
  /** Open cases first (oldest first: the longest-running need attention), then ended ones, newest first. */
  takedowns: ReportTakedowns;
  generated_at: string;
  /** Why the brand's logo is not drawn, when the bounded image check refused it. */
  logo_refused?: string;
  /** Ids of the findings whose screenshot the full report embeds (`REPORT_SCREENSHOTS`, worst first). */
  screenshots: Set<string>;
  /** Findings with a screenshot in all. */
  screenshot_total: number;
}

export const SEVERITY_ORDER: readonly SeverityOrUnscored[] = [...[...SEVERITIES].reverse(), "unscored"];

function campaignsOf(findings: Finding[]): Campaign[] {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    if (!f.campaign_id) continue;
    const list = groups.get(f.campaign_id) ?? [];
    list.push(f);
    groups.set(f.campaign_id, list);
  }
  const out: Campaign[] = [];
  for (const [campaign_id, members] of groups) {
    const keyCounts = new Map<string, number>();
    for (const f of members)
      for (const k of new Set(f.campaign_keys ?? [])) keyCounts.set(k, (keyCounts.get(k) ?? 0) + 1);
    const created = members
      .map((f) => f.registration_created)
      .filter((d): d is string => !!d)
      .sort();
    const described = describeCampaign(campaign_id, members);
    out.push({
      campaign_id,
      name: described.name,
      kind: described.kind,
      evidence: described.evidence.map(({ text, members: m }) => ({ text, members: m })),
      findings: members,
      shared_keys: [...keyCounts]
        .filter(([, n]) => n >= 2 || members.length === 1)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([key, count]) => ({ key, count })),
      earliest_registration: created[0] ?? null,
      latest_registration: created.at(-1) ?? null,
      worst: members.length ? effectiveSeverity(members[0]!) : "unscored",
      login_forms: members.filter((f) => f.login_form || f.password_form).length,
      feed_listed: members.filter((f) => feedHits(f) > 0).length,
    });
  }
  return out.sort(
    (a, b) =>
      Number(a.kind === "defensive") - Number(b.kind === "defensive") ||
      rank(b.worst) - rank(a.worst) ||
      b.findings.length - a.findings.length ||
      a.campaign_id.localeCompare(b.campaign_id),
  );
}

function feedExposure(findings: Finding[]): FeedExposure {
  const listed = findings.filter((f) => feedHits(f) > 0);
  const perFeed = new Map<string, number>();
  for (const f of listed)
    for (const h of f.threat_feed_hits ?? []) perFeed.set(h.feed, (perFeed.get(h.feed) ?? 0) + 1);
  return {
    findings: listed,
    per_feed: [...perFeed]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([feed, count]) => ({ feed, count })),
  };
}

/** Abuse desks to write to for the actionable findings: one group per registrar and per host, busiest first. */
function takedownContacts(findings: Finding[]): ContactGroup[] {
  const groups = new Map<string, ContactGroup>();
  const add = (g: Omit<ContactGroup, "domains">, domain: string) => {
    const id = `${g.kind}\u0000${g.name}\u0000${g.abuse_email ?? ""}`;
    const existing = groups.get(id) ?? { ...g, domains: [] };
    if (!existing.domains.includes(domain)) existing.domains.push(domain);
    existing.abuse_phone ??= g.abuse_phone;
    groups.set(id, existing);
  };
  for (const f of findings) {
    if (f.registrar || f.registrar_abuse_email) {
      const name = f.registrar ?? "Unknown registrar";
      add(
        {
          kind: "registrar",
          name,
          abuse_email: f.registrar_abuse_email,
          abuse_phone: f.registrar_abuse_phone,
        },
        f.domain,
      );
    }
    if (f.asn_org || f.hosting_abuse_email || f.asn !== null) {
      const org = f.asn_org ?? "Unknown hosting provider";
      const name = f.asn !== null ? `${org} (AS${f.asn})` : org;
      add({ kind: "hosting", name, abuse_email: f.hosting_abuse_email, abuse_phone: null }, f.domain);
    }
  }
  return [...groups.values()].sort(
    (a, b) =>
      b.domains.length - a.domains.length || a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name),
  );
}

function byAttention(a: TReportTakedownCase, b: TReportTakedownCase): number {
  const open = Number(isOpenCase(b)) - Number(isOpenCase(a));
  if (open) return open;
  return isOpenCase(a) ? a.opened_at.localeCompare(b.opened_at) : b.opened_at.localeCompare(a.opened_at);
}

export function buildReportModel(
  snapshot: TAuditSnapshot,
  now = new Date(),
  takedowns: ReportTakedowns = NO_TAKEDOWNS,
): ReportModel {
  const findings = [...snapshot.findings].sort(byPriority);
  const counts = Object.fromEntries(SEVERITY_ORDER.map((s) => [s, 0])) as Record<SeverityOrUnscored, number>;
  for (const f of findings) counts[effectiveSeverity(f)]++;
  const actionable = findings.filter(isActionable);
  const withShot = findings.filter((f) => f.screenshot_data || f.screenshot_ref);
  return {
    snapshot,
    brand_name: snapshot.brand.brand_name,
    findings,
    actionable,
    counts,
    campaigns: campaignsOf(findings),
    feeds: feedExposure(findings),
    contacts: takedownContacts(actionable),
    takedowns: { ...takedowns, cases: [...takedowns.cases].sort(byAttention) },
    generated_at: now.toISOString(),
    screenshots: new Set(withShot.slice(0, REPORT_SCREENSHOTS).map((f) => f.id)),
    screenshot_total: withShot.length,
  };
}
