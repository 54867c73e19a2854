import type { TAlert } from "@brandwarden/contract/alerts";
import type { TSeverity } from "@brandwarden/contract/common";
import type { AlertRow } from "../../db/rows.ts";

/** A path of the UI as an absolute URL of this deployment. */
function absoluteLink(path: string, publicUrl: string): string {
  return new URL(path, publicUrl).toString();
}

/**
 * An alert as the feed shows it (`link` a path of the UI), or, with `publicUrl`, as webhooks and
 * e-mail carry it (every `link` absolute, the findings listed in the data included).
 */
export function presentAlert(row: AlertRow, publicUrl?: string): TAlert {
  const abs = (p: string) => (publicUrl ? absoluteLink(p, publicUrl) : p);
  const data = { ...row.data };
  if (publicUrl && Array.isArray(data.findings))
    data.findings = (data.findings as Array<Record<string, unknown>>).map((f) =>
      typeof f.link === "string" ? { ...f, link: abs(f.link) } : f,
    );
  return {
    id: row.id,
    type: row.type,
    subject: row.subject,
    title: row.title,
    reason: row.reason,
    severity: (row.severity as TSeverity | null) ?? null,
    link: abs(row.link),
    finding_id: row.finding_id,
    scan_id: row.scan_id,
    lookalike_id: row.lookalike_id,
    data,
    read_at: row.read_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    delivery: {
      webhook: row.webhook_status,
      email: row.email_status,
      slack: row.slack_status,
      teams: row.teams_status,
    },
  };
}

/**
 * The Standard Webhooks event body of an alert: `{type, timestamp, data}` like `scan.completed`;
 * `data` holds the alert (`alert_id`, `subject`, `title`, `reason`, `severity`, `link`, ids) and
 * what its source attached (`finding`, `changes`, `lookalike`; `findings` and `counts` for
 * `findings.changed`).
 */
export function alertWebhookBody(row: AlertRow, publicUrl: string, now = new Date()) {
  const {
    delivery: _delivery,
    read_at: _read,
    id,
    type: _type,
    data,
    ...alert
  } = presentAlert(row, publicUrl);
  return {
    type: row.type,
    timestamp: now.toISOString(),
    data: { ...data, alert_id: id, user_id: row.user_id, ...alert },
  };
}

/** The alert as an e-mail: subject and plain text with the reason, what moved and the link. */
export function alertEmail(row: AlertRow, publicUrl: string): { subject: string; text: string } {
  const a = presentAlert(row, publicUrl);
  const lines = [a.title, "", a.reason, ""];
  const findings = Array.isArray(a.data.findings) ? (a.data.findings as Array<Record<string, unknown>>) : [];
  for (const f of findings.slice(0, 50))
    lines.push(
      `- ${String(f.name)}: ${String(f.change)}${f.summary ? ` (${String(f.summary)})` : ""} ${String(f.link ?? "")}`,
    );
  if (findings.length > 50) lines.push(`... and ${findings.length - 50} more`);
  if (findings.length) lines.push("");
  lines.push(`Open it: ${a.link}`, "", "Brandwarden");
  const sev = a.severity ? `[${a.severity}] ` : "";
  return { subject: `Brandwarden: ${sev}${a.title}`.slice(0, 300), text: lines.join("\n") };
}
