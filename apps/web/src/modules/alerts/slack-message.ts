import type { TAlert } from "@brandwarden/contract/alerts";
import { ALERT_TYPE_WORDS, CHAT_FINDINGS_SHOWN, alertFindings } from "./chat-words.ts";

// A Slack incoming-webhook message in Block Kit (https://api.slack.com/messaging/webhooks,
// https://api.slack.com/reference/block-kit/blocks): `text` is the notification and screen-reader
// fallback, `blocks` the message. Limits from the block reference: header plain_text ≤ 150 chars,
// section text ≤ 3000, ≤ 10 fields of ≤ 2000, button text ≤ 75 and url ≤ 3000, ≤ 50 blocks.

const LIMITS = { header: 150, section: 3000, field: 2000, button: 75, text: 3000 } as const;

/**
 * Slack's mrkdwn escaping (https://api.slack.com/reference/surfaces/formatting#escaping): only
 * `&`, `<` and `>` are control characters; the rest renders as written.
 */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Cuts escaped mrkdwn to `max` chars without leaving half an entity (`&am`) at the end. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/&[a-z]{0,3}$/, "")}…`;
}

/** A link in mrkdwn: `<url|label>`; the label is escaped and may not hold `|`. */
function link(url: string, label: string): string {
  return `<${url}|${escapeSlack(label).replace(/\|/g, "¦")}>`;
}

/** Slack's date token: rendered in the reader's time zone, with the ISO time as fallback. */
function slackDate(iso: string): string {
  const unix = Math.floor(Date.parse(iso) / 1000);
  return `<!date^${unix}^{date_short_pretty} {time}|${iso}>`;
}

export interface SlackMessage {
  text: string;
  blocks: Array<Record<string, unknown>>;
}

/** The alert (links already absolute) as a Slack Block Kit message. */
export function slackMessage(alert: TAlert): SlackMessage {
  const sev = alert.severity ? `[${alert.severity}] ` : "";
  const what = ALERT_TYPE_WORDS[alert.type];
  const fields = [
    `*Severity*\n${escapeSlack(alert.severity ?? "none")}`,
    `*Event*\n${escapeSlack(what)}`,
    `*Subject*\n${escapeSlack(alert.subject)}`,
    `*Raised*\n${slackDate(alert.created_at)}`,
  ].map((text) => ({ type: "mrkdwn", text: clip(text, LIMITS.field) }));

  const blocks: Array<Record<string, unknown>> = [
    {
      type: "header",
      text: { type: "plain_text", text: clip(`${sev}${alert.title}`, LIMITS.header), emoji: false },
    },
    {
      type: "section",
      text: {
        type: "mrkdwn",
        text: clip(
          `*What happened*\n${escapeSlack(alert.title)}\n\n*Why it matters*\n${escapeSlack(alert.reason)}`,
          LIMITS.section,
        ),
      },
    },
    { type: "section", fields },
  ];
  const findings = alertFindings(alert);
  if (findings.length) {
    const lines = findings.slice(0, CHAT_FINDINGS_SHOWN).map((f) => {
      const name = f.link ? link(f.link, f.name) : escapeSlack(f.name);
      return `• ${name}: ${escapeSlack(f.change)}${f.summary ? ` (${escapeSlack(f.summary)})` : ""}`;
    });
    if (findings.length > CHAT_FINDINGS_SHOWN)
      lines.push(`… and ${findings.length - CHAT_FINDINGS_SHOWN} more`);
    blocks.push({ type: "section", text: { type: "mrkdwn", text: clip(lines.join("\n"), LIMITS.section) } });
  }
  blocks.push(
    {
      type: "actions",
      elements: [
        {
          type: "button",
          text: { type: "plain_text", text: "Open in Brandwarden", emoji: false },
          url: alert.link,
          action_id: "open_alert",
          style: "primary",
        },
      ],
    },
    {
      type: "context",
      elements: [{ type: "mrkdwn", text: `Brandwarden alert · ${escapeSlack(alert.type)}` }],
    },
  );
  return {
    // The link survives however long the reason is: only the words are cut.
    text: `${clip(`${escapeSlack(`${sev}${alert.title}`)}: ${escapeSlack(alert.reason)}`, LIMITS.text)} ${link(alert.link, "Open")}`,
    blocks,
  };
}
