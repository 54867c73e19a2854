import type { TSeverity } from "@brandwarden/contract/common";
import type { TCampaignView } from "@brandwarden/contract/browser/campaigns";
import type { TTlp } from "@brandwarden/contract/intel-words";
import type { IntelDomain, IntelInput, IntelSocial } from "./stix-builder.ts";
import type { IntelRepository } from "./intel.repository.ts";

type DomainRow = Awaited<ReturnType<IntelRepository["domainFindings"]>>[number];
type SocialRow = Awaited<ReturnType<IntelRepository["socialFindings"]>>[number];
type TrackedRow = Awaited<ReturnType<IntelRepository["tracked"]>>[number];

const SEVERITY_WORDS = new Set(["info", "low", "medium", "high", "critical"]);
const severityOf = (s: string | null): TSeverity | null =>
  s && SEVERITY_WORDS.has(s) ? (s as TSeverity) : null;

/** A phishing URL is known when the page asks for credentials or the lookalike is confirmed malicious. */
function phishingUrlOf(f: DomainRow, confirmed: boolean): string | null {
  if (!f.final_url || f.redirects_to_brand) return null;
  if (!/^https?:\/\//i.test(f.final_url)) return null;
  return f.login_form || f.password_form || confirmed ? f.final_url : null;
}

/**
 * The feed's input from one scan's findings (pure): each finding with its tracked lookalike
 * (first seen, lifecycle) and takedown outcome; the scan's attack campaigns (not the brand's own
 * registrations). The audited score and severity win over the raw ones, as on the dashboard.
 */
export function intelInputOf(args: {
  user: {
    id: string;
    brand_name: string | null;
    email: string;
    intel_min_severity: string;
    intel_tlp: string;
  };
  publicUrl: string;
  domains: DomainRow[];
  social: SocialRow[];
  tracked: TrackedRow[];
  takenDown: Set<string>;
  campaigns: TCampaignView[];
}): IntelInput {
  const tracked = new Map(args.tracked.map((t) => [`${t.kind}:${t.name}`, t]));
  const attack = args.campaigns.filter((c) => c.kind === "attack");
  const domains: IntelDomain[] = args.domains.map((f) => {
    const t = tracked.get(`domain:${f.domain}`);
    const malicious = t?.state === "malicious" || t?.state === "takedown_requested";
    const confirmed = f.label === "confirmed" || malicious;
    return {
      domain: f.domain,
      trackedId: t?.id ?? null,
      findingId: f.id,
      firstSeen: t?.first_seen_at ?? f.first_seen_at ?? f.created_at,
      score: f.adjusted_score ?? f.score,
      severity: severityOf(f.adjusted_severity ?? f.severity),
      label: f.label,
      takenDown: t?.state === "down" || args.takenDown.has(f.domain),
      malicious,
      ipv4: [...new Set(f.dns_a ?? [])].sort(),
      ipv6: [...new Set(f.dns_aaaa ?? [])].sort(),
      phishingUrl: phishingUrlOf(f, confirmed),
      campaignId: attack.some((c) => c.campaign_id === f.campaign_id) ? f.campaign_id : null,
      registrar: f.registrar,
      pageTitle: f.page_title,
    };
  });
  const social: IntelSocial[] = args.social
    .filter((f) => f.status === "found" && !f.owned_evidence)
    .map((f) => {
      const name = `${f.platform}:${f.handle.toLowerCase()}`;
      const t = tracked.get(`social:${name}`);
      return {
        platform: f.platform,
        handle: f.handle,
        findingId: f.id,
        trackedId: t?.id ?? null,
        firstSeen: t?.first_seen_at ?? f.first_seen_at ?? f.created_at,
        score: f.adjusted_score ?? f.score,
        severity: severityOf(f.adjusted_severity ?? f.severity),
        label: f.label,
        takenDown: t?.state === "down" || args.takenDown.has(name),
        displayName: f.display_name,
      };
    });
  return {
    userId: args.user.id,
    brand: args.user.brand_name ?? args.user.email.split("@")[1] ?? args.user.email,
    tlp: args.user.intel_tlp as TTlp,
    minSeverity: severityOf(args.user.intel_min_severity) ?? "medium",
    publicUrl: args.publicUrl,
    domains,
    social,
    campaigns: attack.map((c) => ({
      campaignId: c.campaign_id,
      name: c.name,
      evidence: c.evidence.map((e) => e.text),
    })),
  };
}
