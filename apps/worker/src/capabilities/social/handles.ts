import type { TSocialPlatform } from "@brandwarden/contract/brand";
import { generatePermutations } from "../lookalike/generate.ts";
import type { FuzzerName } from "../lookalike/fuzzer-names.ts";
import { CATALOGUE, type HandleRule } from "./catalogue/index.ts";
import { slugOf, words } from "./normalize.ts";

// Handle permutations: the brand's names and handles with separators added and removed,
// impersonators' affixes, country codes and digits, homoglyph/leet forms and the lookalike
// engine's typo families; then rendered per platform so an invalid handle is never requested.

export interface HandleCandidate {
  handle: string;
  /** Lower is likelier: 0 the bare brand forms, 1 affixes, 2 digits/countries/homoglyphs, 3 typos. */
  tier: number;
  /** The permutation family (`brand`, `affix`, `homoglyph`, `typo:omission`, ...). */
  family: string;
}

export interface HandleSeeds {
  brandNames: readonly string[];
  /** The brand's own handles (any platform); also seeds, and never probed as suspects. */
  handles: readonly string[];
  /** Owned domains: their first label is a seed ("acmebank.com" -> "acmebank"). */
  domains: readonly string[];
}

const SUFFIX_AFFIXES = ["official", "support", "help", "care", "team", "hq", "helpdesk", "service", "security", "verify", "app", "global", "giveaway", "info", "news", "customercare", "rewards", "refunds", "online", "customer service", "customer care", "support center", "help center", "help desk"]; // prettier-ignore
const PREFIX_AFFIXES = ["real", "official", "the", "team", "ask", "get", "my", "help", "support"];
const COUNTRIES = ["us", "uk", "in", "ng", "ca", "au", "de", "ph"];
const DIGITS = ["1", "2", "01", "24", "247", "365", "2024", "2025"];
const SEPARATORS = ["_", ".", "-", ""];
const GLYPHS: ReadonlyArray<[string, string]> = [
  ["o", "0"], ["i", "1"], ["l", "1"], ["e", "3"], ["a", "4"], ["s", "5"], ["m", "rn"], ["w", "vv"],
  ["d", "cl"], ["i", "l"], ["l", "i"], ["g", "q"], ["b", "8"],
]; // prettier-ignore
const TYPO_FUZZERS: readonly FuzzerName[] = ["omission", "repetition", "transposition", "vowel-swap", "hyphenation", "addition", "replacement"]; // prettier-ignore

/** Seeds as word lists: ["acme","bank"] from "Acme Bank", ["acmebank"] from "acmebank.com". */
function seedWords(seeds: HandleSeeds): string[][] {
  const out: string[][] = [];
  const seen = new Set<string>();
  const add = (ws: string[]) => {
    const key = ws.join(" ");
    if (ws.length && key.length >= 2 && !seen.has(key)) {
      seen.add(key);
      out.push(ws);
    }
  };
  for (const n of seeds.brandNames)
    add(
      words(n)
        .map((w) => slugOf(w))
        .filter(Boolean),
    );
  for (const h of seeds.handles) add([slugOf(h.replace(/^@/, "").split(".")[0] ?? "")]);
  for (const d of seeds.domains) add([slugOf(d.split(".")[0] ?? "")]);
  return out;
}

/** Every abstract candidate (may contain any separator); the platform rule filters later. */
export function permuteHandles(seeds: HandleSeeds): HandleCandidate[] {
  const out = new Map<string, HandleCandidate>();
  const add = (handle: string, tier: number, family: string) => {
    if (handle && !out.has(handle)) out.set(handle, { handle, tier, family });
  };
  const seedList = seedWords(seeds);
  const bases: string[] = [];
  for (const ws of seedList) for (const sep of SEPARATORS) bases.push(ws.join(sep));
  const cores = [...new Set(seedList.map((ws) => ws.join("")))];

  for (const b of bases) add(b, 0, "brand");
  for (const core of cores) {
    for (const sep of SEPARATORS) {
      // Multi-word affixes use the same separator between their words ("support-center").
      for (const a of SUFFIX_AFFIXES) add(`${core}${sep}${a.replaceAll(" ", sep)}`, 1, "affix");
      for (const a of PREFIX_AFFIXES) add(`${a}${sep}${core}`, 1, "affix");
    }
  }
  for (const core of cores) {
    for (const sep of SEPARATORS) {
      for (const c of COUNTRIES) add(`${core}${sep}${c}`, 2, "country");
      for (const d of DIGITS) add(`${core}${sep}${d}`, 2, "digits");
    }
    add(`_${core}`, 2, "underscore");
    add(`${core}_`, 2, "underscore");
    add(`__${core}`, 2, "underscore");
    for (const [from, to] of GLYPHS) {
      for (let i = core.indexOf(from); i >= 0; i = core.indexOf(from, i + 1))
        add(core.slice(0, i) + to + core.slice(i + from.length), 2, "homoglyph");
    }
  }
  for (const core of cores) {
    try {
      const res = generatePermutations(`${core}.com`, { fuzzers: TYPO_FUZZERS, maxCandidates: 5000 });
      for (const p of res.permutations) {
        const label = p.domain.slice(0, -".com".length);
        if (/^[a-z0-9-]+$/.test(label) && !label.includes(".")) add(label, 3, `typo:${p.fuzzer}`);
      }
    } catch {
      // A seed the domain engine refuses (too long, odd characters) just has no typo family.
    }
  }
  return [...out.values()].sort((a, b) => a.tier - b.tier);
}

/** The handle as requested on a platform, or null when the platform's rule forbids it. */
export function renderHandle(rule: HandleRule, raw: string): string | null {
  let h = raw.trim().replace(/^@/, "");
  if (rule.lowercase) h = h.toLowerCase();
  if (rule.suffix && !h.includes(".")) {
    // Bluesky's hosted handles: one label of 3-18 characters under bsky.social.
    if (!/^[a-z0-9](?:[a-z0-9-]{1,16})[a-z0-9]$/.test(h)) return null;
    h += rule.suffix;
  }
  return rule.pattern.test(h) ? h : null;
}

export function isValidHandle(platform: TSocialPlatform, raw: string): boolean {
  return renderHandle(CATALOGUE[platform].handle, raw) !== null;
}

/** Candidates for one platform: rendered, valid, deduplicated, the brand's own handles removed. */
export function handlesForPlatform(
  platform: TSocialPlatform,
  candidates: readonly HandleCandidate[],
  exclude: ReadonlySet<string> = new Set(),
): HandleCandidate[] {
  const rule = CATALOGUE[platform].handle;
  const seen = new Set<string>();
  const out: HandleCandidate[] = [];
  for (const c of candidates) {
    // Permutations never invent a custom domain on Bluesky: dots become hyphens under bsky.social.
    const raw = rule.suffix && !c.handle.endsWith(rule.suffix) ? c.handle.replace(/\./g, "-") : c.handle;
    const h = renderHandle(rule, raw);
    if (!h || seen.has(h) || exclude.has(h)) continue;
    seen.add(h);
    out.push({ ...c, handle: h });
  }
  return out;
}
