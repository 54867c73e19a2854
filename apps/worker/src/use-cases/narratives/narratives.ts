/**
 * Campaign narratives: a short text per campaign cluster of a scan (findings sharing a
 * `campaign_id`). Deterministic text from the cluster's facts always exists; the LLM writes it
 * when AI is on, and any cluster whose AI call fails keeps the deterministic text (with a warning).
 */
import type { TAuditSnapshot } from "@brandwarden/contract/audit";
import { describeCampaign, type CampaignDescription } from "@brandwarden/contract/campaign-describe";
import type { TStoredDomainFinding } from "@brandwarden/contract/findings";
import type { TCampaignNarrativesResponse } from "@brandwarden/contract/worker-api";
import type { AiState } from "../../ports/llm/ai-settings.ts";
import { createTokenBudget } from "../../ports/llm/budget.ts";
import { clip, compact, fence, UNTRUSTED_RULES } from "../../ports/llm/prompt.ts";

export interface CampaignCluster {
  campaign_id: string;
  domains: string[];
  keys: string[];
  findings: TStoredDomainFinding[];
  /** Name, kind, evidence in words and worst severity (contract campaign-describe). */
  described: CampaignDescription;
}

/** The scan's campaigns, largest first, the brand's own registrations last. */
export function campaignClusters(snapshot: TAuditSnapshot): CampaignCluster[] {
  const byId = new Map<string, TStoredDomainFinding[]>();
  for (const f of snapshot.findings) {
    if (!f.campaign_id) continue;
    const list = byId.get(f.campaign_id) ?? [];
    list.push(f);
    byId.set(f.campaign_id, list);
  }
  return [...byId]
    .map(([campaign_id, findings]) => ({
      campaign_id,
      findings,
      domains: findings.map((f) => f.domain).sort(),
      keys: [...new Set(findings.flatMap((f) => f.campaign_keys ?? []))].sort(),
      described: describeCampaign(campaign_id, findings),
    }))
    .sort(
      (a, b) =>
        Number(a.described.kind === "defensive") - Number(b.described.kind === "defensive") ||
        b.domains.length - a.domains.length ||
        a.campaign_id.localeCompare(b.campaign_id),
    );
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function deterministicNarrative(cluster: CampaignCluster, brandName: string): string {
  const f = cluster.findings;
  const n = cluster.domains.length;
  const d = cluster.described;
  const brand = brandName || "the brand";
  const shown = cluster.domains.slice(0, 5).join(", ") + (n > 5 ? ` and ${n - 5} more` : "");
  const evidence = d.evidence.slice(0, 3).map((e) => e.text);
  const parts: string[] = [];
  if (d.kind === "defensive") {
    parts.push(
      `${plural(n, "lookalike domain")} of ${brand} (${shown}) ${n === 1 ? "is" : "are"} probably ${brand}'s own defensive registration${n === 1 ? "" : "s"}, not an attack` +
        (evidence.length ? `: ${evidence.join("; ")}.` : "."),
    );
    parts.push("Check they are registered to you; no takedown is needed.");
  } else {
    parts.push(`Campaign "${d.name}": ${plural(n, "lookalike domain")} of ${brand} (${shown}).`);
    parts.push(
      evidence.length
        ? `They share infrastructure: ${evidence.join("; ")}.`
        : "They were grouped as one campaign.",
    );
  }
  const logins = f.filter((x) => (x.login_form || x.password_form) && x.redirects_to_brand !== true).length;
  const listed = f.filter((x) => (x.threat_feed_hits?.length ?? 0) > 0).length;
  const live = f.filter((x) => x.http_status !== null && x.http_status < 400).length;
  const facts: string[] = [];
  if (live) facts.push(`${live} serve web content`);
  if (logins) facts.push(`${logins} show a login form`);
  if (listed) facts.push(`${listed} are listed in threat feeds`);
  if (facts.length) parts.push(`${facts.join(", ")}.`.replace(/^./, (c) => c.toUpperCase()));
  if (d.worst_severity) parts.push(`Highest severity: ${d.worst_severity}.`);
  return parts.join(" ");
}

const NARRATIVE_SYSTEM = [
  "You are a brand-protection analyst. Write a short narrative (2 to 4 sentences, plain text, no lists,",
  "no markdown) describing one campaign: a cluster of lookalike domains that share infrastructure.",
  "Refer to the campaign by its name. Say what ties the domains together (the evidence given), what",
  'they seem to be used for, and how urgent it is. When its kind is "defensive", the domains are',
  "probably the brand's own defensive registrations: say so, and never call them an attack or one",
  "operator's campaign. Use only the facts given; do not invent domains, dates or numbers.",
  UNTRUSTED_RULES,
].join("\n");

function clusterFacts(cluster: CampaignCluster) {
  return {
    name: cluster.described.name,
    kind: cluster.described.kind,
    evidence: cluster.described.evidence.slice(0, 8).map((e) => e.text),
    worst_severity: cluster.described.worst_severity,
    domains: cluster.findings.slice(0, 25).map((f) =>
      compact({
        domain: f.domain,
        registered: day(f.registration_created),
        registrar: f.registrar,
        page_title: clip(f.page_title, 120),
        login_form: f.login_form,
        threat_feeds: f.threat_feed_hits?.map((h) => h.feed),
        severity: f.adjusted_severity ?? f.severity,
        ai_verdict: f.ai_verdict,
      }),
    ),
    more_domains: Math.max(0, cluster.findings.length - 25),
  };
}

export interface NarrativeLogger {
  warn(obj: Record<string, unknown>, msg: string): void;
}

const NARRATIVE_AI_FALLBACK = "narrative_ai_deterministic_fallback";
const MAX_NARRATIVE_CHARS = 2_000;

export async function campaignNarratives(
  snapshot: TAuditSnapshot,
  ai: AiState,
  logger: NarrativeLogger,
  signal?: AbortSignal,
): Promise<TCampaignNarrativesResponse> {
  const clusters = campaignClusters(snapshot);
  const brand = snapshot.brand.brand_name;
  const scan_id = snapshot.scan.scan_id;
  const named = (c: CampaignCluster) => ({
    campaign_id: c.campaign_id,
    name: c.described.name,
    kind: c.described.kind,
    domains: c.domains,
  });
  const deterministic = (c: CampaignCluster) => ({
    ...named(c),
    narrative: deterministicNarrative(c, brand),
    source: "deterministic" as const,
  });
  if (!clusters.length) return { narratives: [] };
  if (!ai.on) {
    logger.warn({ code: NARRATIVE_AI_FALLBACK, scan_id, reason: ai.reason }, NARRATIVE_AI_FALLBACK);
    return { narratives: clusters.map(deterministic) };
  }
  const budget = createTokenBudget(ai.maxTokensPerScan);
  const out: TCampaignNarrativesResponse["narratives"] = new Array(clusters.length);
  let next = 0;
  const failures: string[] = [];
  const worker = async () => {
    while (next < clusters.length) {
      const i = next++;
      const c = clusters[i]!;
      try {
        const answer = await ai.provider.complete({
          system: NARRATIVE_SYSTEM,
          user: `Brand: ${brand}\nCampaign cluster:\n${fence("campaign cluster", clusterFacts(c))}\nWrite the narrative.`,
          maxTokens: 300,
          signal,
          budget,
        });
        const text = answer.text.trim();
        if (!text) throw new Error("empty answer");
        out[i] = {
          ...named(c),
          narrative: text.length > MAX_NARRATIVE_CHARS ? `${text.slice(0, MAX_NARRATIVE_CHARS - 1)}…` : text,
          source: "ai",
        };
      } catch (err) {
        failures.push(`${c.campaign_id}: ${(err as Error).message}`);
        out[i] = deterministic(c);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(ai.concurrency, clusters.length) }, worker));
  if (failures.length) {
    logger.warn(
      { code: NARRATIVE_AI_FALLBACK, scan_id, failed: failures.length, reason: failures[0] },
      NARRATIVE_AI_FALLBACK,
    );
  }
  return { narratives: out };
}
