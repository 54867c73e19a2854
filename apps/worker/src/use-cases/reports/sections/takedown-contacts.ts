import { BOLD, andMore, item, mutedNote, sectionHeading, type Doc, type Style } from "../pdf-doc.ts";
import type { ReportModel } from "../report-model.ts";

/** Abuse desks for the actionable findings, busiest first, with the domains to name to each. */
export function drawTakedownContacts(
  doc: Doc,
  model: ReportModel,
  style: Style,
  max: number,
  maxDomains: number,
): void {
  sectionHeading(doc, "Takedown contacts", style.heading);
  if (!model.contacts.length) {
    mutedNote(doc, "No actionable finding has a known registrar or hosting provider.", style.body);
    return;
  }
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
}
