import { describe, expect, it } from "vitest";
import type { TAlert } from "@brandwarden/contract/alerts";
import { blocksProblem } from "@brandwarden/world/services/slack-blocks";
import { escapeSlack, slackMessage } from "./slack-message.ts";

const alert = (over: Partial<TAlert> = {}): TAlert => ({
  id: "00000000-0000-4000-8000-0000000000a1",
  type: "lookalike.registered",
  subject: "acrnebank.com",
  title: "New lookalike registered: acrnebank.com",
  reason: "acrnebank.com was registered 3 hours ago at NameSilo, LLC; its page asks for a login.",
  severity: "critical",
  link: "https://brandwarden.example/lookalikes/00000000-0000-4000-8000-0000000000aa",
  finding_id: null,
  scan_id: null,
  lookalike_id: "00000000-0000-4000-8000-0000000000aa",
  data: {},
  read_at: null,
  created_at: "2026-03-10T12:00:00.000Z",
  delivery: { webhook: "pending", email: "pending", slack: "pending", teams: "pending" },
  ...over,
});
type Block = { type: string; text?: { type: string; text: string }; fields?: Array<{ text: string }> };
const blocks = (m: ReturnType<typeof slackMessage>) => m.blocks as Block[];

describe("the Slack message of an alert", () => {
  it("is Block Kit: header, what happened and why, facts, a button back to the alert's page", () => {
    const m = slackMessage(alert());
    expect(blocksProblem(m.blocks)).toBeNull();
    expect(m.blocks.map((b) => b.type)).toEqual(["header", "section", "section", "actions", "context"]);
    const [header, what, facts] = blocks(m);
    expect(header!.text).toEqual({
      type: "plain_text",
      text: "[critical] New lookalike registered: acrnebank.com",
      emoji: false,
    });
    expect(what!.text!.text).toContain("*What happened*\nNew lookalike registered: acrnebank.com");
    expect(what!.text!.text).toContain("*Why it matters*\nacrnebank.com was registered 3 hours ago");
    expect(facts!.fields!.map((f) => f.text)).toEqual([
      "*Severity*\ncritical",
      "*Event*\nLookalike registered",
      "*Subject*\nacrnebank.com",
      "*Raised*\n<!date^1773144000^{date_short_pretty} {time}|2026-03-10T12:00:00.000Z>",
    ]);
    expect(m.blocks[3]).toEqual({
      type: "actions",
      elements: [
        {
          type: "button",
          text: { type: "plain_text", text: "Open in Brandwarden", emoji: false },
          url: alert().link,
          action_id: "open_alert",
          style: "primary",
        },
      ],
    });
    // The notification text says the same and links back.
    expect(m.text).toBe(
      `[critical] New lookalike registered: acrnebank.com: ${alert().reason} <${alert().link}|Open>`,
    );
  });

  it("escapes &, < and > in mrkdwn (no injected mentions or links), leaves plain_text as written", () => {
    expect(escapeSlack("a & b <c> d")).toBe("a &amp; b &lt;c&gt; d");
    const m = slackMessage(
      alert({
        subject: "<https://evil.test|acmebank.com>",
        title: "Ben & Jerry's <b> lookalike",
        reason: "Page says <!channel> log in at <https://evil.test|your bank> & pay",
        severity: null,
      }),
    );
    const [header, what, facts] = blocks(m);
    expect(header!.text!.text).toBe("Ben & Jerry's <b> lookalike");
    expect(what!.text!.text).toContain("Ben &amp; Jerry's &lt;b&gt; lookalike");
    expect(what!.text!.text).toContain(
      "Page says &lt;!channel&gt; log in at &lt;https://evil.test|your bank&gt; &amp; pay",
    );
    expect(what!.text!.text).not.toMatch(/<!channel>|<https:\/\/evil/);
    expect(facts!.fields![0]!.text).toBe("*Severity*\nnone");
    expect(facts!.fields![2]!.text).toBe("*Subject*\n&lt;https://evil.test|acmebank.com&gt;");
    expect(m.text).not.toMatch(/<!channel>|<https:\/\/evil/);
    expect(m.text.endsWith(`<${alert().link}|Open>`)).toBe(true);
  });

  it("stays within Slack's limits for long texts without cutting an escape in half", () => {
    const m = slackMessage(alert({ title: "T&".repeat(200), reason: "<&>".repeat(3000) }));
    expect(blocksProblem(m.blocks)).toBeNull();
    const [header, what] = blocks(m);
    expect(header!.text!.text.length).toBeLessThanOrEqual(150);
    expect(what!.text!.text.length).toBeLessThanOrEqual(3000);
    expect(what!.text!.text).toMatch(/(&amp;|&lt;|&gt;)…$/);
    // The link back survives a long reason.
    expect(m.text.endsWith(`<${alert().link}|Open>`)).toBe(true);
  });

  it("lists the findings of findings.changed with their links, ten at most", () => {
    const findings = Array.from({ length: 12 }, (_, i) => ({
      name: `acme${i}<x>.com`,
      change: "new",
      summary: i === 0 ? "score 90 & login form" : null,
      link: `https://brandwarden.example/findings/${i}`,
    }));
    const m = slackMessage(
      alert({
        type: "findings.changed",
        subject: "scan 1",
        title: "12 findings changed",
        data: { findings },
      }),
    );
    expect(blocksProblem(m.blocks)).toBeNull();
    const list = blocks(m)[3]!.text!.text.split("\n");
    expect(list).toHaveLength(11);
    expect(list[0]).toBe(
      "• <https://brandwarden.example/findings/0|acme0&lt;x&gt;.com>: new (score 90 &amp; login form)",
    );
    expect(list[10]).toBe("… and 2 more");
  });
});
