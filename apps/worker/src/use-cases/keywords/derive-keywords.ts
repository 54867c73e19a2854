/**
 * Keyword expansion: keywords a brand's impostors are likely to use (product names, brand-name
 * variants), derived from the brand context. The deterministic expansion reads product names from
 * the owned domains' titles and snippets and spells the brand name in its usual variants; with AI
 * on, the LLM proposes keywords from the same (fenced, untrusted) material, validated with zod.
 */
import { z } from "zod";
import type { TBrandContext } from "@brandwarden/contract/brand";
import type { AiState } from "../../ports/llm/ai-settings.ts";
import { createTokenBudget } from "../../ports/llm/budget.ts";
import { clip, fence, UNTRUSTED_RULES } from "../../ports/llm/prompt.ts";
import { completeStructured } from "../../ports/llm/structured.ts";

const MAX_DERIVED_KEYWORDS = 50;

const STOP = new Set(
  (
    "a an and the of for to in on at by with your our my you we us is are be home welcome official site " +
    "website page login log sign signin account online inc ltd llc gmbh co company corp group contact " +
    "about help support more all new best"
  ).split(" "),
);

const norm = (s: string) =>
  s.normalize("NFKC").replace(/[™®©]/g, "").replace(/\s+/g, " ").trim().toLowerCase();

function usable(k: string, existing: Set<string>): boolean {
  if (k.length < 3 || k.length > 60 || existing.has(k)) return false;
  const words = k.split(" ");
  if (words.length > 4 || words.every((w) => STOP.has(w))) return false;
  return /\p{L}/u.test(k);
}

/** Spellings of the brand name: joined, hyphenated, without its legal suffix, its distinctive word. */
export function brandVariants(brandName: string): string[] {
  const base = norm(brandName).replace(/[^\p{L}\p{N} &-]/gu, "");
  if (!base) return [];
  const words = base.split(/[\s-]+/).filter((w) => w && w !== "&");
  const core = words.filter(
    (w) => !["inc", "ltd", "llc", "gmbh", "co", "corp", "plc", "sa", "ag"].includes(w),
  );
  const out = new Set<string>([base, core.join(" "), core.join(""), core.join("-")]);
  if (core.length > 1 && core[0]!.length >= 4) out.add(core[0]!);
  return [...out].filter(Boolean);
}

/** Product-like names in a title or snippet: capitalised phrases, ™/® names, title segments. */
function productNames(text: string, brandName: string): string[] {
  const out: string[] = [];
  const brandWords = norm(brandName).split(" ").filter(Boolean);
  const first = brandWords[0];
  // "Acme Pay", "Acme Rewards Card": the brand's first word followed by capitalised words.
  if (first) {
    // Case-insensitive on the brand word only: the words after it must be capitalised.
    const caseless = [...first]
      .map((c) => (/\p{L}/u.test(c) ? `[${c}${c.toUpperCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
    const re = new RegExp(
      `(?<![\\p{L}\\p{N}])${caseless}\\s+(\\p{Lu}[\\p{L}\\p{N}]*(?:\\s\\p{Lu}[\\p{L}\\p{N}]*){0,2})`,
      "gu",
    );
    for (const m of text.matchAll(re)) {
      const phrase = norm(`${first} ${m[1]}`);
      if (phrase !== brandWords.join(" ")) out.push(phrase);
    }
  }
  // "SecurePay™", "Vault®".
  for (const m of text.matchAll(/([\p{Lu}][\p{L}\p{N}]+(?:\s[\p{Lu}][\p{L}\p{N}]+)?)\s?[™®]/gu))
    out.push(norm(m[1]!));
  return out;
}

/** Segments of a page title that name something other than the brand ("Acme | Mortgages & Loans"). */
function titleSegments(title: string, brandName: string): string[] {
  const brand = norm(brandName);
  return title
    .split(/\s[|–—·:-]\s|[|–—·]/)
    .flatMap((seg) => seg.split(/,|&| and /))
    .map(norm)
    .filter((s) => s && s !== brand && s.split(" ").length <= 3);
}

export function deterministicKeywords(brand: TBrandContext): string[] {
  const existing = new Set([...brand.keywords, brand.brand_name].map(norm));
  const found: string[] = [];
  for (const v of brandVariants(brand.brand_name)) if (norm(v) !== norm(brand.brand_name)) found.push(v);
  for (const d of brand.owned_domains) {
    const label = d.domain.split(".")[0];
    if (label) found.push(label.toLowerCase());
    if (d.title)
      found.push(...titleSegments(d.title, brand.brand_name), ...productNames(d.title, brand.brand_name));
    if (d.content_snippet) found.push(...productNames(d.content_snippet, brand.brand_name));
  }
  const out: string[] = [];
  for (const k of found.map(norm)) {
    if (!usable(k, existing) || out.includes(k)) continue;
    out.push(k);
    if (out.length >= MAX_DERIVED_KEYWORDS) break;
  }
  return out;
}

const ZKeywordAnswer = z.object({ keywords: z.array(z.string()).max(200) });

const KEYWORD_SYSTEM = [
  "You help a brand-protection service watch for impostors. From a brand's profile and the titles and",
  "snippets of its own web sites, list keywords an impostor would likely use in lookalike domain names or",
  "fake social accounts: product and service names, brand-name variants and abbreviations, campaign names.",
  "Give 5 to 30 short keywords (1 to 3 words each, lowercase), most useful first; no generic words.",
  UNTRUSTED_RULES,
  'Answer with one JSON object only: {"keywords": ["..."]}.',
].join("\n");

const KEYWORD_JSON_SCHEMA = {
  type: "object",
  properties: { keywords: { type: "array", items: { type: "string" } } },
  required: ["keywords"],
  additionalProperties: false,
};

/** Keywords from the LLM, cleaned like the deterministic ones (throws when the call fails). */
export async function aiKeywords(
  brand: TBrandContext,
  ai: Extract<AiState, { on: true }>,
  signal?: AbortSignal,
): Promise<string[]> {
  const material = {
    brand_name: brand.brand_name,
    keywords: brand.keywords,
    social_handles: brand.social_handles.map((h) => `${h.platform}:${h.handle}`),
    own_sites: brand.owned_domains.slice(0, 20).map((d) => ({
      domain: d.domain,
      title: clip(d.title, 200),
      snippet: clip(d.content_snippet, 600),
    })),
  };
  const { value } = await completeStructured(ai.provider, ZKeywordAnswer, {
    system: KEYWORD_SYSTEM,
    user: `Brand profile:\n${fence("brand profile", material)}\nReply with the JSON object only.`,
    json: { name: "derived_keywords", schema: KEYWORD_JSON_SCHEMA },
    maxTokens: 400,
    signal,
    budget: createTokenBudget(ai.maxTokensPerScan),
  });
  const existing = new Set([...brand.keywords, brand.brand_name].map(norm));
  const out: string[] = [];
  for (const k of value.keywords.map(norm)) {
    if (!usable(k, existing) || out.includes(k)) continue;
    out.push(k);
    if (out.length >= MAX_DERIVED_KEYWORDS) break;
  }
  return out;
}
