import { andMore, item, mutedNote, sectionHeading, type Doc, type Style } from "../pdf-doc.ts";
import { isoDay, listWords } from "../report-text.ts";
import type { ReportModel } from "../report-model.ts";

export function drawThreatFeeds(doc: Doc, model: ReportModel, style: Style, max: number): void {
  sectionHeading(doc, "Threat-feed exposure", style.heading);
  const { findings, per_feed } = model.feeds;
  if (!findings.length) {
    mutedNote(doc, "No finding is listed by a threat feed (URLhaus, OpenPhish, PhishTank).", style.body);
    return;
  }
  item(
    doc,
    `${findings.length} of ${model.findings.length} domains are listed: ${listWords(per_feed.map((p) => `${p.feed} (${p.count})`))}.`,
    style,
  );
  for (const f of findings.slice(0, max)) {
    const hits = (f.threat_feed_hits ?? []).map((h) => {
      const seen = isoDay(h.first_seen);
      return `${h.feed} by ${h.matched}${seen ? ` since ${seen}` : ""}`;
    });
    item(doc, `${f.domain}: ${hits.join("; ")}`, style, 12);
  }
  andMore(doc, findings.length - max, "listed domains", style, 12);
}
