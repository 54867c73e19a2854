import type { TAlert } from "@brandwarden/contract/alerts";
import { ALERT_TYPE_WORDS, CHAT_FINDINGS_SHOWN, alertFindings } from "./chat-words.ts";

// A Teams message for a workflow webhook (Power Automate "When a Teams webhook request is
// received", https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook):
// `{type: "message", attachments: [{contentType: "application/vnd.microsoft.card.adaptive",
// contentUrl: null, content: <AdaptiveCard>}]}`. The card is Adaptive Cards 1.5
// (https://adaptivecards.io/explorer/), which Teams renders; TextBlock and FactSet take the
// Markdown subset of https://learn.microsoft.com/en-us/adaptive-cards/authoring-cards/text-features.

const CARD_SCHEMA = "http://adaptivecards.io/schemas/adaptive-card.json";

/**
 * Escapes text for a TextBlock. The subset knows bold and italic (`*`, `_`), links (`[..](..)`),
 * code (`` ` ``) and lists (`-`, `+`, `1.` at a line's start), and nothing else (no headings,
 * quotes or HTML); a backslash shows a marker as written.
 */
export function escapeTeams(text: string): string {
  return text
    .replace(/[\\*_[\]`]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([-+])(?=\s)/gm, "$1\\$2")
    .replace(/^(\s*\d+)\.(?=\s)/gm, "$1\\.");
}

/** The colour Teams gives a severity: red for critical and high, amber for medium. */
function severityColor(severity: string | null): "Attention" | "Warning" | "Default" {
  if (severity === "critical" || severity === "high") return "Attention";
  return severity === "medium" ? "Warning" : "Default";
}

/** The alert (links already absolute) as an Adaptive Card. */
export function teamsCard(alert: TAlert): Record<string, unknown> {
  const body: Array<Record<string, unknown>> = [
    {
      type: "TextBlock",
      text: escapeTeams(ALERT_TYPE_WORDS[alert.type]),
      size: "Small",
      isSubtle: true,
      wrap: true,
    },
    {
      type: "TextBlock",
      text: escapeTeams(alert.title),
      style: "heading",
      size: "Large",
      weight: "Bolder",
      color: severityColor(alert.severity),
      wrap: true,
    },
    { type: "TextBlock", text: "**What happened**", wrap: true, spacing: "Medium" },
    { type: "TextBlock", text: escapeTeams(alert.title), wrap: true, spacing: "None" },
    { type: "TextBlock", text: "**Why it matters**", wrap: true, spacing: "Medium" },
    { type: "TextBlock", text: escapeTeams(alert.reason), wrap: true, spacing: "None" },
    {
      type: "FactSet",
      facts: [
        { title: "Severity", value: escapeTeams(alert.severity ?? "none") },
        { title: "Event", value: escapeTeams(ALERT_TYPE_WORDS[alert.type]) },
        { title: "Subject", value: escapeTeams(alert.subject) },
      ],
    },
    // DATE() and TIME() are rendered in the reader's locale and time zone (TextBlock only).
    {
      type: "TextBlock",
      text: `Raised {{DATE(${isoSeconds(alert.created_at)}, SHORT)}} at {{TIME(${isoSeconds(alert.created_at)})}}`,
      isSubtle: true,
      size: "Small",
      wrap: true,
    },
  ];
  const findings = alertFindings(alert);
  if (findings.length) {
    const lines = findings.slice(0, CHAT_FINDINGS_SHOWN).map((f) => {
      const name = f.link ? `[${escapeTeams(f.name)}](${f.link})` : escapeTeams(f.name);
      return `- ${name}: ${escapeTeams(f.change)}${f.summary ? ` (${escapeTeams(f.summary)})` : ""}`;
    });
    if (findings.length > CHAT_FINDINGS_SHOWN)
      lines.push(`\n… and ${findings.length - CHAT_FINDINGS_SHOWN} more`);
    body.push({ type: "TextBlock", text: lines.join("\n"), wrap: true });
  }
  return {
    type: "AdaptiveCard",
    $schema: CARD_SCHEMA,
    version: "1.5",
    fallbackText: `${alert.title}: ${alert.reason} ${alert.link}`,
    body,
    actions: [{ type: "Action.OpenUrl", title: "Open in Brandwarden", url: alert.link }],
  };
}

/** DATE() and TIME() take RFC 3339 without fractions. */
function isoSeconds(iso: string): string {
  return iso.replace(/\.\d+Z$/, "Z");
}

/** The workflow webhook's message: one Adaptive Card attachment. */
export function teamsMessage(alert: TAlert): Record<string, unknown> {
  return {
    type: "message",
    attachments: [
      { contentType: "application/vnd.microsoft.card.adaptive", contentUrl: null, content: teamsCard(alert) },
    ],
  };
}
