import { BOLD, andMore, item, mutedNote, sectionHeading, type Doc, type Style } from "../pdf-doc.ts";
import { describeAiDemotion } from "@brandwarden/contract/ai-demotion";
import { oneLine } from "../pdf-text.ts";
import type { ReportModel } from "../report-model.ts";

/**
 * Social-media profiles that may impersonate the brand, worst first; then the platforms the scan
 * could not check (once each, with why) and the brand's own accounts it recognised.
 */
export function drawSocialFindings(doc: Doc, model: ReportModel, style: Style, max = Infinity): void {
  sectionHeading(doc, "Social-media impersonation", style.heading);
  const coverage = model.snapshot.scan.social_coverage ?? [];
  const owned = model.snapshot.social_findings.filter((s) => s.owned_evidence);
  drawImpersonators(doc, model, style, max);
  if (coverage.length) {
    item(doc, "Could not be checked", style, 0, BOLD);
    for (const c of coverage) item(doc, `${c.platform}: ${oneLine(c.detail, 300)}`, style, 12);
  }
  if (owned.length) {
    item(doc, "The brand's own accounts (not scored)", style, 0, BOLD);
    for (const s of owned.slice(0, 20)) item(doc, `${s.platform} @${s.handle}: ${oneLine(s.owned_evidence!, 300)}`, style, 12); // prettier-ignore
  }
}

function drawImpersonators(doc: Doc, model: ReportModel, style: Style, max: number): void {
  const found = model.snapshot.social_findings
    .filter((s) => s.status === "found" && !s.owned_evidence)
    .sort(
      (a, b) =>
        (b.adjusted_score ?? b.score ?? -1) - (a.adjusted_score ?? a.score ?? -1) ||
        a.handle.localeCompare(b.handle),
    );
  if (!found.length) {
    mutedNote(doc, "No impersonating social-media profile was found.", style.body);
    return;
  }
  for (const s of found.slice(0, max)) {
    const score = s.adjusted_score ?? s.score;
    const sev = s.adjusted_severity ?? s.severity ?? "unscored";
    item(
      doc,
      `${s.platform} @${s.handle}: ${sev}${score === null ? "" : ` ${score.toFixed(0)}/100`}`,
      style,
      0,
      BOLD,
    );
    const facts = [
      s.profile_url,
      s.display_name && `name "${oneLine(s.display_name, 80)}"`,
      s.followers !== null && `${s.followers} followers`,
      s.verified && "verified",
      s.ai_verdict && `AI: ${s.ai_verdict}${s.ai_reasoning ? ` (${oneLine(s.ai_reasoning, 300)})` : ""}`,
      s.ai_demotion && describeAiDemotion(s.ai_demotion),
    ].filter(Boolean);
    if (facts.length) item(doc, facts.join("; "), style, 12);
  }
  andMore(doc, found.length - max, "profiles", style);
}
