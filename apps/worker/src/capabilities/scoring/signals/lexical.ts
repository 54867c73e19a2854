/**
 * Name-based signals: computed from the domain name and the brand alone, so they are always
 * known (never null) except where the brand gives nothing to compare with.
 */
import { nameParts } from "../../provider-facts/name-parts.ts";
import { isSingleScript, scriptsOf } from "../../lookalike/scripts.ts";
import { PHISHING_KEYWORDS } from "../data/phishing-keywords.ts";
import { SUSPICIOUS_TLDS } from "../data/suspicious-tlds.ts";
import { brandLabels, brandTokens, type DomainEvidence, type SignalContext } from "../evidence.ts";
import { damerauLevenshtein, shannonEntropy, visualSkeleton } from "../text/text.ts";

/**
 * Deceptiveness of each permutation family, 0..1: a reader cannot see a homoglyph at all, a
 * combosquat or faux TLD reads as the brand's own service, a typo needs a slip, a TLD swap only
 * fools someone who ignores the end of the name. Unlisted fuzzers count 0.5.
 */
const FAMILY_STRENGTH: Readonly<Record<string, number>> = {
  homoglyph: 1,
  cyrillic: 1,
  confusables: 1,
  mapped: 0.9,
  combosquatting: 0.8,
  "subdomain-glue": 0.8,
  "faux-tld": 0.8,
  "free-host": 0.7,
  transposition: 0.7,
  omission: 0.7,
  repetition: 0.7,
  replacement: 0.7,
  insertion: 0.65,
  addition: 0.6,
  "vowel-swap": 0.6,
  hyphenation: 0.6,
  "double-replacement": 0.6,
  misspelling: 0.6,
  homophone: 0.6,
  subdomain: 0.6,
  "dot-omission": 0.6,
  "dot-hyphen": 0.6,
  "hyphen-omission": 0.55,
  various: 0.55,
  plural: 0.5,
  "change-order": 0.5,
  "vowel-shuffle": 0.5,
  "double-vowel-insertion": 0.5,
  dictionary: 0.5,
  "keyword-tld": 0.5,
  "token-swap": 0.5,
  "numeral-swap": 0.5,
  bitsquatting: 0.4,
  "tld-swap": 0.4,
  "wrong-tld": 0.4,
  "wrong-sld": 0.4,
  "added-tld": 0.5,
  // A typo or keyword on another TLD: the typo is visible in the name, the TLD change less so.
  "combo-tld": 0.65,
  "typo-tld": 0.55,
};

/** Discovery sources that are not permutation fuzzers (older checkpoints stored them as one). */
const NOT_PERMUTATIONS = new Set(["ct"]);

/**
 * permutation_family: the most deceptive family that produced the name; null when no permutation
 * did (a name only Certificate Transparency found has no family to weigh).
 */
export function permutationFamily(ev: DomainEvidence): number | null {
  const names = [...(ev.fuzzers ?? []), ...(ev.fuzzer ? [ev.fuzzer] : [])].filter(
    (n) => !NOT_PERMUTATIONS.has(n),
  );
  if (names.length === 0) return null;
  return Math.max(...names.map((n) => FAMILY_STRENGTH[n] ?? 0.5));
}

/** The name without its public suffix, separators removed: `pay.pal` and `pay-pal` read as `paypal`. */
function squeezedName(ev: DomainEvidence): string {
  const p = nameParts(ev.domain);
  return [...p.subLabels, p.label].join("").replace(/-/g, "").toLowerCase();
}

/**
 * visual_distance: 1 when the name's TR39 skeleton equals a brand label's but the text differs
 * (homoglyph: `pаypal`, `paypa1`, `rnicrosoft`); 0.6 for the brand label itself under another
 * suffix; 0.5 when skeletons are one edit apart; else 0. Null without owned domains.
 */
export function visualDistance(ev: DomainEvidence, ctx: SignalContext): number | null {
  const labels = brandLabels(ctx.brand);
  if (labels.length === 0) return null;
  const label = nameParts(ev.domain).label.toLowerCase();
  const candidates = new Set([label, squeezedName(ev)]);
  let best = 0;
  for (const cand of candidates) {
    const sc = visualSkeleton(cand);
    for (const b of labels) {
      const sb = visualSkeleton(b);
      if (cand === b) best = Math.max(best, 0.6);
      else if (sc === sb) return 1;
      else if (Math.abs(sc.length - sb.length) <= 1 && damerauLevenshtein(sc, sb) === 1)
        best = Math.max(best, 0.5);
    }
  }
  return best;
}

/**
 * edit_distance: closeness of the registrable label to the nearest brand label by
 * Damerau-Levenshtein distance d: d <= 1 -> 1 (0 is the brand label under another suffix),
 * 2 -> 0.5, 3 -> 0.2, more -> 0. Brand labels under 5 characters only count d <= 1, since
 * two edits turn a short word into anything.
 */
export function editDistance(ev: DomainEvidence, ctx: SignalContext): number | null {
  const labels = brandLabels(ctx.brand);
  if (labels.length === 0) return null;
  const cands = new Set([nameParts(ev.domain).label.toLowerCase(), squeezedName(ev)]);
  let best = 0;
  for (const cand of cands) {
    for (const b of labels) {
      if (Math.abs(cand.length - b.length) > 3) continue;
      const d = damerauLevenshtein(cand, b);
      const v = d <= 1 ? 1 : b.length < 5 ? 0 : d === 2 ? 0.5 : d === 3 ? 0.2 : 0;
      best = Math.max(best, v);
    }
  }
  return best;
}

const TOKEN_SPLIT = /[-_.\d]+/;

/** True when `keyword` is in the name: as a whole token, or (5+ letters) anywhere in the rest. */
function hasKeyword(tokens: readonly string[], rest: string, keywords: readonly string[]): boolean {
  for (const k of keywords) {
    const plain = k.replace(/-/g, "");
    if (tokens.includes(plain) || rest === plain) return true;
    if (plain.length >= 5 && rest.includes(plain)) return true;
  }
  return false;
}

/** The brand tokens (by skeleton) found in `text`, longest first. */
function brandHits(text: string, ctx: SignalContext): string[] {
  const skel = visualSkeleton(text);
  return brandTokens(ctx.brand)
    .map(visualSkeleton)
    .filter((t) => skel.includes(t))
    .sort((a, b) => b.length - a.length);
}

/**
 * brand_keyword_combo: the brand (or a homoglyph of it) together with a phishing word
 * (`acme-login`, `secure-acmebank`, `acmebank.verify-account`) -> 1; with only one of the
 * brand's own keywords (`acme-cards`) -> 0.5; else 0.
 */
export function brandKeywordCombo(ev: DomainEvidence, ctx: SignalContext): number | null {
  const p = nameParts(ev.domain);
  const name = visualSkeleton([...p.subLabels, p.label].join("."));
  // Separators removed first, so `acme-bank` is the brand "Acme Bank", not acme + "bank".
  const squeezed = name.replace(/[-.]/g, "");
  const hits = brandHits(squeezed, ctx);
  if (hits.length === 0) return 0;
  let rest = squeezed;
  for (const h of hits) rest = rest.split(h).join("");
  if (rest.length === 0) return 0;
  const tokens = name.split(TOKEN_SPLIT).filter((t) => t && !hits.some((h) => h.includes(t)));
  if (hasKeyword(tokens, rest, PHISHING_KEYWORDS)) return 1;
  if (hasKeyword(tokens, rest, ctx.brand.keywords)) return 0.5;
  return 0;
}

/**
 * brand_in_unrelated_domain: the brand sits left of someone else's registrable domain
 * (`acmebank.com.account-check.net`, `acmebank.evil.io`) -> 1; else 0.
 */
export function brandInUnrelatedDomain(ev: DomainEvidence, ctx: SignalContext): number | null {
  const p = nameParts(ev.domain);
  if (p.subLabels.length === 0) return 0;
  const sub = p.subLabels.join(".");
  if (brandHits(sub, ctx).length === 0) return 0;
  return brandHits(p.label, ctx).length === 0 ? 1 : 0;
}

/** Suffix-like tokens a name can carry to look like the brand's real address. */
const FAUX_TLDS = new Set(["com", "net", "org", "gov", "edu", "co", "couk", "comau", "biz", "info"]);

/**
 * faux_tld_token: a TLD written into the name as its own token (`acmebank-com.net`,
 * `com-account.info`, `acmebank.com.evil.net`) -> 1; glued to the brand (`acmebankcom.net`)
 * -> 0.7; else 0.
 */
export function fauxTldToken(ev: DomainEvidence, ctx: SignalContext): number | null {
  const p = nameParts(ev.domain);
  const labels = [...p.subLabels, p.label].map((l) => l.toLowerCase());
  const tokens = labels.flatMap((l) => l.split(/-+/)).filter(Boolean);
  if (tokens.length > 1 && tokens.some((t) => FAUX_TLDS.has(t))) return 1;
  const label = p.label.toLowerCase();
  for (const b of brandTokens(ctx.brand)) {
    if (!label.startsWith(b) || label === b) continue;
    if (FAUX_TLDS.has(label.slice(b.length))) return 0.7;
  }
  return 0;
}

/** suspicious_tld: the top-level domain is on the high-abuse list -> 1; else 0. */
export function suspiciousTld(ev: DomainEvidence): number | null {
  const tld = ev.domain.toLowerCase().replace(/\.$/, "").split(".").pop() ?? "";
  return SUSPICIOUS_TLDS.has(tld) ? 1 : 0;
}

/**
 * punycode_mixed_script: a label mixing scripts (Latin with Cyrillic) or written wholly in a
 * script whose characters all look like Latin (`аррӏе` in Cyrillic) -> 1; another IDN -> 0.4;
 * ASCII -> 0.
 */
export function punycodeMixedScript(ev: DomainEvidence): number | null {
  const p = nameParts(ev.domain);
  if (!p.ascii.split(".").some((l) => l.startsWith("xn--"))) return 0;
  let value = 0.4;
  for (const label of [...p.subLabels, p.label]) {
    if (/^[ -~]*$/.test(label)) continue;
    const scripts = scriptsOf(label);
    if (!isSingleScript(scripts)) return 1;
    const skel = visualSkeleton(label);
    if (!scripts.has("Latin") && /^[a-z0-9-]+$/.test(skel)) value = 1;
  }
  return value;
}

/**
 * label_shape: the strongest of three shapes phishing names have: many hyphens (2 -> 0.33,
 * 4+ -> 1; counted on the Unicode form, so `xn--` does not count), deep nesting (2 labels left
 * of the registrable domain -> 0.5, 3+ -> 1; `www` not counted), and a random-looking label
 * (10+ characters with 2+ digits or a 5-consonant run: entropy 3.0..3.6 bits/char -> 0..1).
 */
export function labelShape(ev: DomainEvidence): number | null {
  const p = nameParts(ev.domain);
  const hyphens = [...p.subLabels, p.label].join("").split("-").length - 1;
  const hyphenScore = hyphens < 2 ? 0 : Math.min(1, (hyphens - 1) / 3);
  const depth = p.subLabels.filter((l) => l !== "www").length;
  const depthScore = depth >= 3 ? 1 : depth === 2 ? 0.5 : 0;
  // Entropy alone grows with length (words reach 3.5 bits too), so it only counts on labels that
  // also look machine-made: digits mixed into letters, or a long consonant run.
  const label = p.label.toLowerCase().replace(/-/g, "");
  const machineMade = (label.match(/\d/g)?.length ?? 0) >= 2 || /[bcdfghjklmnpqrstvwxz]{5,}/.test(label);
  const entropyScore =
    [...label].length >= 10 && machineMade
      ? Math.min(1, Math.max(0, (shannonEntropy(label) - 3.0) / 0.6))
      : 0;
  return Math.max(hyphenScore, depthScore, entropyScore);
}
