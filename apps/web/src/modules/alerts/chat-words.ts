import type { TAlert, TAlertType } from "@brandwarden/contract/alerts";

/** What each alert type means, in words a channel reader understands at a glance. */
export const ALERT_TYPE_WORDS: Record<TAlertType, string> = {
  "lookalike.registered": "Lookalike registered",
  "lookalike.changed": "Lookalike changed",
  "lookalike.discovered": "Lookalike discovered",
  "lookalike.down": "Lookalike down",
  "lookalike.reemerged": "Lookalike re-emerged",
  "findings.changed": "Findings changed",
  "takedown.sent": "Takedown report sent",
  "takedown.escalated": "Takedown escalated",
};

/** The findings a `findings.changed` alert lists (name, change, summary, absolute link). */
export function alertFindings(
  alert: TAlert,
): Array<{ name: string; change: string; summary: string | null; link: string | null }> {
  const list = Array.isArray(alert.data.findings)
    ? (alert.data.findings as Array<Record<string, unknown>>)
    : [];
  return list.map((f) => ({
    name: String(f.name ?? ""),
    change: String(f.change ?? ""),
    summary: typeof f.summary === "string" && f.summary ? f.summary : null,
    link: typeof f.link === "string" ? f.link : null,
  }));
}

/** How many chat lines a findings list gets before "and N more" (chat is a pointer, not the report). */
export const CHAT_FINDINGS_SHOWN = 10;
