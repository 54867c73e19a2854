import { hash32 } from "../http.ts";

// Deterministic "model" behaviour: embeddings from hashed character trigrams and a rule-based
// auditor that reads evidence words from the user's part of the prompt.

export const EMBEDDING_DIM = 256;

/** Hashed bag of character trigrams, L2-normalised: similar strings get close vectors. */
export function embed(text: string, dim = EMBEDDING_DIM): number[] {
  const v = new Array<number>(dim).fill(0);
  const s = ` ${text.toLowerCase().replace(/\s+/g, " ").trim()} `;
  for (let i = 0; i + 3 <= s.length; i++) v[hash32(s.slice(i, i + 3)) % dim]! += 1;
  const norm = Math.sqrt(v.reduce((a, x) => a + x * x, 0));
  return norm === 0 ? v : v.map((x) => x / norm);
}

// Evidence terms and their weight: positive pushes towards malicious, negative towards benign.
const EVIDENCE: Array<[RegExp, number, string]> = [
  [/login form|password field|credential/g, 2, "credential harvesting form"],
  [/urlhaus|openphish|phishtank|threat feed|blocklist/g, 3, "listed in a threat feed"],
  [/phishing|phish kit/g, 2, "phishing indicators"],
  [/impersonat/g, 2, "impersonation"],
  [/verify your account|account (?:is )?(?:locked|suspended)|urgent/g, 2, "urgency lure"],
  [/giveaway|airdrop|seed phrase|crypto|wallet/g, 2, "scam lure"],
  [/\bdm (?:us|me)\b|send (?:us )?a dm|whatsapp/g, 1, "asks victims to DM"],
  [/logo (?:match|similar)|brand logo|avatar match|copied avatar/g, 1, "reused brand imagery"],
  [/homoglyph|typosquat|lookalike/g, 1, "lookalike name"],
  [/newly registered|recently registered|days old/g, 1, "newly registered"],
  [/mx record|mail server/g, 1, "mail-capable domain"],
  [/clone|cloned/g, 2, "clone of the brand site"],
  [/parked|parking page|for sale/g, -2, "parked or for sale"],
  [/unrelated|different business|namesake/g, -3, "unrelated business"],
  [/fan account|fan page|parody|not affiliated|unofficial fan/g, -2, "declared fan/parody"],
  [/owned domain|owned by the brand|official account|allowlist/g, -3, "belongs to the brand"],
  [/redirects to the brand|redirect to the official/g, -2, "redirects to the brand"],
  [/nxdomain|does not resolve|no content/g, -1, "no live content"],
];

function negated(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 9), start);
  const after = text.slice(end, end + 12);
  return (
    /\b(?:no|not|without|non)[\s-]+$/.test(before) || /^[^,;\n]{0,6}\b(?:false|null|none|no)\b/.test(after)
  );
}

export interface AuditAnswer {
  verdict: "malicious" | "suspicious" | "benign";
  confidence: number;
  score_adjustment: number;
  reasoning: string;
  evidence: string[];
}

export function auditAnswer(userText: string): AuditAnswer {
  const text = userText.toLowerCase().replace(/_/g, " ");
  let score = 0,
    pos = 0,
    neg = 0;
  const evidence: string[] = [];
  for (const [re, weight, label] of EVIDENCE) {
    re.lastIndex = 0;
    let hit = false;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (!negated(text, m.index, m.index + m[0].length)) hit = true;
    }
    if (!hit) continue;
    score += weight;
    if (weight > 0) pos += weight;
    else neg -= weight;
    evidence.push(label);
  }
  const r2 = (x: number) => Math.round(x * 100) / 100;
  if (score >= 5) {
    return {
      verdict: "malicious",
      confidence: r2(Math.min(0.98, 0.6 + 0.04 * score)),
      score_adjustment: Math.min(20, 2 * score),
      reasoning: `Strong abuse evidence: ${evidence.join(", ")}.`,
      evidence,
    };
  }
  if (score >= 2) {
    return {
      verdict: "suspicious",
      confidence: r2(Math.min(0.8, 0.45 + 0.05 * score)),
      score_adjustment: Math.min(10, 2 * score),
      reasoning: `Some abuse evidence (${evidence.join(", ")}), not conclusive.`,
      evidence,
    };
  }
  const because = evidence.length ? evidence.join(", ") : "no abuse evidence in the material";
  return {
    verdict: "benign",
    confidence: r2(Math.min(0.95, 0.55 + 0.05 * (neg + (pos === 0 ? 2 : 0)))),
    score_adjustment: -Math.min(25, 5 + 3 * neg),
    reasoning: `Looks benign: ${because}.`,
    evidence,
  };
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
};

/** Shapes a value to a JSON schema (response_format json_schema): known keys kept, the rest defaulted. */
export function fitToSchema(schema: JsonSchema | undefined, value: unknown): unknown {
  if (!schema) return value;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.enum) return schema.enum.includes(value) ? value : schema.enum[0];
  if (type === "object" || schema.properties) {
    const src = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, s] of Object.entries(schema.properties ?? {})) out[k] = fitToSchema(s, src[k]);
    return out;
  }
  if (type === "array") return Array.isArray(value) ? value.map((v) => fitToSchema(schema.items, v)) : [];
  if (type === "number" || type === "integer")
    return typeof value === "number" ? (type === "integer" ? Math.round(value) : value) : 0;
  if (type === "boolean") return typeof value === "boolean" ? value : false;
  if (type === "string")
    return typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
  return value ?? null;
}

/** Plain-text default for prompts that do not ask for JSON (narratives, takedown polish). */
export function textAnswer(userText: string): string {
  const domain = /\b([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})\b/i.exec(userText)?.[1];
  const low = userText.toLowerCase();
  if (/takedown|abuse report|abuse@/.test(low)) {
    return `Dear abuse team,\n\nWe are writing to report ${domain ?? "the referenced resource"}, which impersonates our brand to deceive its customers. We ask that you suspend it and preserve the related records.\n\nKind regards,\nBrand protection team`;
  }
  if (/campaign|cluster|narrative/.test(low)) {
    return `These findings form one coordinated campaign${domain ? ` around ${domain}` : ""}: the domains share infrastructure and registration patterns and target the same brand.`;
  }
  const a = auditAnswer(userText);
  return `Assessment: ${a.verdict} (confidence ${a.confidence}). ${a.reasoning}`;
}

export function approxTokens(s: string): number {
  return Math.max(1, Math.ceil(s.length / 4));
}

/**
 * A takedown polish (asked for `{subject, body}`): the draft found in the fenced evidence, tidied
 * and with every fact kept, as a careful model would answer. Null when the prompt holds no draft.
 */
export function polishAnswer(userText: string): { subject: string; body: string } | null {
  const fenced = /<untrusted_evidence[^>]*>\n([\s\S]*?)\n<\/untrusted_evidence/.exec(userText)?.[1];
  if (!fenced) return null;
  try {
    const draft = JSON.parse(fenced) as { subject?: unknown; body?: unknown };
    if (typeof draft.subject !== "string" || typeof draft.body !== "string") return null;
    return {
      subject: draft.subject.trim(),
      body: draft.body
        .replace(/[ \t]+\n/g, "\n")
        .replace(/\n{3,}/g, "\n\n")
        .trim(),
    };
  } catch {
    return null;
  }
}
