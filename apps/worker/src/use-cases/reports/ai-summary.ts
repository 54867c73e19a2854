/**
 * The AI writer behind the reports' executive summary (`ProseProvider`). It reads the current AI
 * setting per call (cached briefly) and throws when AI is off or the call fails: the report then uses
 * its deterministic text and logs the warning.
 */
import type { TAuditSnapshot } from "@brandwarden/contract/audit";
import { severityRank } from "@brandwarden/contract/common";
import type { ProseProvider } from "./report-prose.ts";
import { requireAi, type AiSettings } from "../../ports/llm/ai-settings.ts";
import { createTokenBudget } from "../../ports/llm/budget.ts";
import { clip, compact, fence, UNTRUSTED_RULES } from "../../ports/llm/prompt.ts";

const SUMMARY_SYSTEM = [
  "You write the executive summary of a brand-abuse monitoring report for a company's management.",
  "In 3 to 6 sentences of plain prose (no lists, no markdown), say how many lookalike domains and",
  "impersonating accounts were found, how severe they are, which need action first and why. Use only the",
  "facts given; do not invent domains or numbers.",
  UNTRUSTED_RULES,
].join("\n");

function summaryFacts(snapshot: TAuditSnapshot) {
  const sev = (f: { adjusted_severity: string | null; severity: string | null }) =>
    f.adjusted_severity ?? f.severity ?? "unscored";
  const counts: Record<string, number> = {};
  for (const f of snapshot.findings) counts[sev(f)] = (counts[sev(f)] ?? 0) + 1;
  const top = [...snapshot.findings]
    .filter((f) => (f.adjusted_severity ?? f.severity) !== null)
    .sort(
      (a, b) =>
        severityRank(b.adjusted_severity ?? b.severity!) - severityRank(a.adjusted_severity ?? a.severity!) ||
        (b.adjusted_score ?? b.score ?? 0) - (a.adjusted_score ?? a.score ?? 0),
    )
    .slice(0, 10)
    .map((f) =>
      compact({
        domain: f.domain,
        severity: sev(f),
        login_form: f.login_form,
        threat_feeds: f.threat_feed_hits?.map((h) => h.feed),
        ai_verdict: f.ai_verdict,
        page_title: clip(f.page_title, 100),
      }),
    );
  return {
    brand: snapshot.brand.brand_name,
    scan_date: (snapshot.scan.completed_at ?? snapshot.scan.created_at).slice(0, 10),
    lookalike_domains: snapshot.findings.length,
    by_severity: counts,
    campaigns: new Set(snapshot.findings.map((f) => f.campaign_id).filter(Boolean)).size,
    social_profiles_found: snapshot.social_findings.filter((s) => s.status === "found").length,
    most_severe: top,
  };
}

export function createAiProse(settings: AiSettings): ProseProvider {
  return {
    async summarize(snapshot) {
      const ai = await requireAi(settings);
      const answer = await ai.provider.complete({
        system: SUMMARY_SYSTEM,
        user: `Scan facts:\n${fence("scan facts", summaryFacts(snapshot))}\nWrite the executive summary.`,
        maxTokens: 500,
        budget: createTokenBudget(ai.maxTokensPerScan),
      });
      return answer.text;
    },
  };
}
