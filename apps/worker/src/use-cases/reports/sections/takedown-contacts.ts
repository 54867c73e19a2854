import { BOLD, andMore, item, mutedNote, sectionHeading, type Doc, type Style } from "../pdf-doc.ts";
import type { ReportModel } from "../report-model.ts";
import { openCaseLine, openCases } from "../takedown-text.ts";

/**
 * Abuse desks for the actionable findings, busiest first, with the domains to name to each; then
 * the takedown cases still open (`maxCases` of them, longest-running first) and where each stands
 * (the one-page summary; the full report has a section of its own for the cases).
 */
export function drawTakedownContacts(
  doc: Doc,
  model: ReportModel,
  style: Style,
  max: number,
  maxDomains: number,
  maxCases = 0,
): void {
  sectionHeading(doc, "Takedown contacts", style.heading);
  if (!model.contacts.length)
    mutedNote(doc, "No actionable finding has a known registrar or hosting provider.", style.body);
  for (const c of model.contacts.slice(0, max)) {
    const who = c.kind === "registrar" ? "Registrar" : "Hosting";
    const email = c.abuse_email ?? "abuse address unknown";
    const phone = c.abuse_phone ? `, ${c.abuse_phone}` : "";
    const n = c.domains.length;
    item(doc, `${who} ${c.name}: ${email}${phone} (${n} domain${n === 1 ? "" : "s"})`, style, 0, BOLD);
    if (maxDomains > 0)
      item(
        doc,
        c.domains.slice(0, maxDomains).join(", ") + (n > maxDomains ? ` … and ${n - maxDomains} more` : ""),
        style,
        12,
      );
  }
  andMore(doc, model.contacts.length - max, "contacts", style);
  drawOpenCases(doc, model, style, maxCases);
}

function drawOpenCases(doc: Doc, model: ReportModel, style: Style, max: number): void {
  const { cases, unreadable } = model.takedowns;
  if (max <= 0) return;
  if (unreadable) {
    mutedNote(doc, `Takedown cases could not be read (${unreadable}).`, style.body);
    return;
  }
  if (!cases.length) return;
  const open = openCases(cases);
  if (!open.length) {
    mutedNote(doc, `No takedown case is open (${cases.length} ended: down or withdrawn).`, style.body);
    return;
  }
  item(doc, `Open takedown cases (${open.length} of ${cases.length})`, style, 0, BOLD);
  for (const c of open.slice(0, max)) item(doc, openCaseLine(c), style, 12);
  andMore(doc, open.length - max, open.length - max === 1 ? "open case" : "open cases", style, 12);
}
