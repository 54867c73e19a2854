import { andMore, fontCovers, item, mutedNote, sectionHeading, type Doc, type Style } from "../pdf-doc.ts";
import { displayDomain } from "../pdf-text.ts";
import { priorityActions } from "../report-text.ts";
import type { ReportModel } from "../report-model.ts";

export function drawPriorityActions(doc: Doc, model: ReportModel, style: Style, max: number): void {
  sectionHeading(doc, "Priority actions", style.heading);
  const { actions, more } = priorityActions(model, max, (f) =>
    displayDomain(f.domain, f.domain_unicode, (s) => fontCovers(doc, s)),
  );
  if (!actions.length) {
    mutedNote(doc, "No finding currently calls for action; keep monitoring.", style.body);
    return;
  }
  actions.forEach((a, i) => item(doc, `${i + 1}. ${a}`, style));
  andMore(doc, more, more === 1 ? "action" : "actions", style);
}
