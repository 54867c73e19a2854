import {
  BOLD,
  ensureSpace,
  item,
  mutedNote,
  sectionHeading,
  SEVERITY_COLORS,
  type Doc,
  type Style,
} from "../pdf-doc.ts";
import type { ReportModel } from "../report-model.ts";
import { caseName, caseProgress, stateWord, takedownTally } from "../takedown-text.ts";

const ROLE_WORDS: Record<string, string> = {
  registrar: "Registrar",
  hosting: "Hosting",
  cdn: "CDN",
  registry: "Registry",
  platform: "Platform",
};

/** Open cases in the colour of urgency, down ones green, withdrawn grey. */
const STATE_COLORS: Record<string, string> = {
  open: SEVERITY_COLORS.high,
  reemerged: SEVERITY_COLORS.critical,
  sent: SEVERITY_COLORS.info,
  escalated: SEVERITY_COLORS.medium,
  down: SEVERITY_COLORS.low,
  withdrawn: SEVERITY_COLORS.unscored,
};

/**
 * The full report's takedown cases: a tally with the median time to down, then each case (open
 * ones first) with its state, dates, escalations and every recipient, kept together on a page.
 */
export function drawTakedownCases(doc: Doc, model: ReportModel, style: Style): void {
  const { cases, unreadable } = model.takedowns;
  sectionHeading(doc, `Takedown cases (${cases.length})`, style.heading);
  if (unreadable) {
    mutedNote(
      doc,
      `The takedown cases could not be read (${unreadable}); see the Takedowns page.`,
      style.body,
    );
    return;
  }
  if (!cases.length) {
    mutedNote(doc, "No takedown case has been opened for this brand's lookalikes.", style.body);
    return;
  }
  item(doc, takedownTally(cases), style);
  doc.moveDown(0.4);
  for (const c of cases) {
    // Name, dates and recipients: about one line each.
    ensureSpace(doc, (3 + c.recipients.length) * style.body * 1.45);
    const x = doc.page.margins.left;
    const y = doc.y;
    doc.rect(x, y + 2, 4, style.body).fill(STATE_COLORS[c.state] ?? SEVERITY_COLORS.unscored);
    doc.y = y;
    item(doc, `${caseName(c)}: ${stateWord(c)}`, style, 10, BOLD);
    item(doc, caseProgress(c), style, 10);
    if (!c.recipients.length) item(doc, "No recipient yet.", style, 22);
    for (const r of c.recipients)
      item(doc, `${ROLE_WORDS[r.role] ?? r.role} ${r.organisation}: ${r.address} (${r.state})`, style, 22);
    doc.moveDown(0.4);
  }
}
