import { describe, expect, it } from "vitest";
import type { TAlert } from "@brandwarden/contract/alerts";
import { adaptiveCardProblems } from "@brandwarden/world/services/adaptive-card-schema";
import { escapeTeams, teamsCard, teamsMessage } from "./teams-card.ts";

const alert = (over: Partial<TAlert> = {}): TAlert => ({
  id: "00000000-0000-4000-8000-0000000000a1",
  type: "lookalike.down",
  subject: "acrnebank.com",
  title: "Lookalike down: acrnebank.com",
  reason: "acrnebank.com no longer resolves (client hold) since its takedown was requested.",
  severity: "high",
  link: "https://brandwarden.example/lookalikes/00000000-0000-4000-8000-0000000000aa",
  finding_id: null,
  scan_id: null,
  lookalike_id: "00000000-0000-4000-8000-0000000000aa",
  data: {},
  read_at: null,
  created_at: "2026-03-10T12:00:00.123Z",
  delivery: { webhook: "pending", email: "pending", slack: "pending", teams: "pending" },
  ...over,
});
type Card = {
  body: Array<{
    type: string;
    text?: string;
    color?: string;
    facts?: Array<{ title: string; value: string }>;
  }>;
  actions: unknown[];
};

describe("the Teams card of an alert", () => {
  it("is a workflow-webhook message with one Adaptive Card 1.5 that the official schema accepts", () => {
    const m = teamsMessage(alert()) as { type: string; attachments: Array<Record<string, unknown>> };
    expect(m.type).toBe("message");
    expect(m.attachments).toHaveLength(1);
    expect(m.attachments[0]).toMatchObject({
      contentType: "application/vnd.microsoft.card.adaptive",
      contentUrl: null,
      content: { type: "AdaptiveCard", version: "1.5" },
    });
    expect(adaptiveCardProblems(m.attachments[0]!.content)).toEqual([]);
  });

  it("says what happened, why it matters, the facts, and opens the alert's page", () => {
    const card = teamsCard(alert()) as unknown as Card;
    const texts = card.body.filter((b) => b.type === "TextBlock").map((b) => b.text);
    expect(texts).toEqual([
      "Lookalike down",
      "Lookalike down: acrnebank.com",
      "**What happened**",
      "Lookalike down: acrnebank.com",
      "**Why it matters**",
      alert().reason,
      "Raised {{DATE(2026-03-10T12:00:00Z, SHORT)}} at {{TIME(2026-03-10T12:00:00Z)}}",
    ]);
    expect(card.body[1]!.color).toBe("Attention");
    expect(card.body.find((b) => b.type === "FactSet")!.facts).toEqual([
      { title: "Severity", value: "high" },
      { title: "Event", value: "Lookalike down" },
      { title: "Subject", value: "acrnebank.com" },
    ]);
    expect(card.actions).toEqual([
      { type: "Action.OpenUrl", title: "Open in Brandwarden", url: alert().link },
    ]);
  });

  it("escapes the Markdown subset so names and reasons show as written", () => {
    expect(escapeTeams("*bold* _it_ [x](https://evil.test) `c` \\")).toBe(
      "\\*bold\\* \\_it\\_ \\[x\\](https://evil.test) \\`c\\` \\\\",
    );
    expect(escapeTeams("- not a list\n1. nor this\n+ nor this")).toBe(
      "\\- not a list\n1\\. nor this\n\\+ nor this",
    );
    const card = teamsCard(
      alert({
        subject: "my_bank_login.com",
        reason: "Says [verify](https://evil.test) *now*",
        severity: null,
      }),
    ) as unknown as Card;
    expect(card.body[5]!.text).toBe("Says \\[verify\\](https://evil.test) \\*now\\*");
    expect(card.body.find((b) => b.type === "FactSet")!.facts![2]).toEqual({
      title: "Subject",
      value: "my\\_bank\\_login.com",
    });
    expect(card.body[1]!.color).toBe("Default");
    expect(adaptiveCardProblems(card)).toEqual([]);
  });

  it("lists the findings of findings.changed as Markdown links, ten at most", () => {
    const findings = Array.from({ length: 11 }, (_, i) => ({
      name: `acme_${i}.com`,
      change: "new",
      summary: null,
      link: `https://brandwarden.example/findings/${i}`,
    }));
    const card = teamsCard(
      alert({
        type: "findings.changed",
        title: "11 findings changed",
        severity: "medium",
        data: { findings },
      }),
    ) as unknown as Card;
    expect(adaptiveCardProblems(card)).toEqual([]);
    const list = card.body.at(-1)!.text!.split("\n");
    expect(list[0]).toBe("- [acme\\_0.com](https://brandwarden.example/findings/0): new");
    expect(list.filter((l) => l.startsWith("- "))).toHaveLength(10);
    expect(list.at(-1)).toBe("… and 1 more");
    expect(card.body[1]!.color).toBe("Warning");
  });
});
