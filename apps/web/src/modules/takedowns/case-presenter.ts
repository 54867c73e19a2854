import type { TTakedownCase } from "@brandwarden/contract/browser/takedown-cases";
import type { TReportTakedownCase } from "@brandwarden/contract/takedown-worker";
import { takedownCaseLink } from "@brandwarden/contract/takedown-words";
import type {
  TakedownCaseRow,
  TakedownEscalationRow,
  TakedownRecipientRow,
  TakedownTimelineRow,
} from "../../db/rows.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Why the product cannot e-mail a report, and what to do instead. */
export const NO_SMTP_REASON =
  "e-mail is not configured (SMTP_URL), send it by hand: the draft and the evidence are on the case; " +
  "then record it with manual: true";

/** The WARC's download path (the route serving it). */
const evidenceUrl = (caseId: string) => `/takedowns/cases/${caseId}/evidence`;

export interface CaseParts {
  recipients: TakedownRecipientRow[];
  timeline: TakedownTimelineRow[];
  escalations: TakedownEscalationRow[];
}

/** A case as the browser sees it (`ZTakedownCase`). */
export function presentCase(c: TakedownCaseRow, parts: CaseParts, smtp: boolean): TTakedownCase {
  const ready = c.evidence_status === "ready";
  return {
    case_id: c.id,
    kind: c.kind,
    finding_id: c.finding_id,
    scan_id: c.scan_id,
    domain: c.domain,
    platform: c.platform,
    handle: c.handle,
    profile_url: c.profile_url,
    state: c.state,
    recipients: parts.recipients.map((r) => ({
      recipient_id: r.id,
      role: r.role,
      organisation: r.organisation,
      address: r.address,
      channel: r.channel,
      source: r.source,
      state: r.state,
      message_id: r.message_id,
      sent_at: iso(r.sent_at),
      error: r.error,
    })),
    escalation_contacts: c.escalation_contacts,
    evidence: {
      status: c.evidence_status,
      live: c.evidence_live,
      captured_at: iso(c.evidence_captured_at),
      sha256: c.evidence_sha256,
      size: c.evidence_size,
      url: ready ? evidenceUrl(c.id) : null,
      screenshot: Boolean(c.screenshot_key),
      error: c.evidence_error,
    },
    draft: c.draft ?? null,
    sending: { available: smtp, reason: smtp ? null : NO_SMTP_REASON },
    escalations: parts.escalations.map((e) => ({
      at: e.at.toISOString(),
      level: e.level,
      to: e.to,
      message_ids: e.message_ids,
      reason: e.reason,
    })),
    timeline: parts.timeline.map((t) => ({ at: t.at.toISOString(), event: t.event, detail: t.detail })),
    opened_at: c.opened_at.toISOString(),
    first_sent_at: iso(c.first_sent_at),
    down_at: iso(c.down_at),
    down_how: c.down_how,
    time_to_down_s: c.time_to_down_s,
    last_checked_at: iso(c.last_checked_at),
    updated_at: c.updated_at.toISOString(),
    link: takedownCaseLink(c.id),
  };
}

/** A case as the PDF reports show it (`ZReportTakedownCase`). */
export function presentReportCase(
  c: TakedownCaseRow,
  recipients: TakedownRecipientRow[],
  escalations: number,
): TReportTakedownCase {
  return {
    case_id: c.id,
    kind: c.kind,
    finding_id: c.finding_id,
    domain: c.domain,
    platform: c.platform,
    handle: c.handle,
    state: c.state,
    recipients: recipients.map((r) => ({
      role: r.role,
      organisation: r.organisation,
      address: r.address,
      state: r.state,
    })),
    opened_at: c.opened_at.toISOString(),
    first_sent_at: iso(c.first_sent_at),
    down_at: iso(c.down_at),
    time_to_down_s: c.time_to_down_s,
    escalations,
  };
}

/** Rows of several cases' parts grouped by case. */
export function groupParts(caseIds: string[], rows: CaseParts): Map<string, CaseParts> {
  const out = new Map(
    caseIds.map((id) => [id, { recipients: [], timeline: [], escalations: [] } as CaseParts]),
  );
  for (const r of rows.recipients) out.get(r.case_id)?.recipients.push(r);
  for (const t of rows.timeline) out.get(t.case_id)?.timeline.push(t);
  for (const e of rows.escalations) out.get(e.case_id)?.escalations.push(e);
  return out;
}
