/**
 * Public suffix list access. Parsing uses tldts (ICANN + private sections); enumerating suffixes
 * (for wrong-TLD, wrong-SLD, added-TLD and free-host fuzzers) reads the rule list shipped by the
 * `psl` package, and every rule is classified by tldts so both libraries agree on what they return.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parse } from "tldts";

const PARSE_OPTS = { allowPrivateDomains: true, validateHostname: false, extractHostname: false } as const;

export interface SuffixParts {
  /** Public suffix (ICANN or private section), ASCII. */
  suffix: string;
  /** Registrable domain (label + suffix), ASCII, or null when the name is itself a suffix. */
  registrable: string | null;
  /** Labels left of the registrable domain, joined by dots ("" when none). */
  subdomain: string;
  isPrivate: boolean;
}

/** Splits an ASCII hostname with the public suffix list (private section included). */
export function splitDomain(ascii: string): SuffixParts {
  const r = parse(ascii, PARSE_OPTS);
  return {
    suffix: r.publicSuffix ?? "",
    registrable: r.domain,
    subdomain: r.subdomain ?? "",
    isPrivate: r.isPrivate === true,
  };
}

/** Registrable domain of an ASCII hostname, or null. */
export function registrableOf(ascii: string): string | null {
  return parse(ascii, PARSE_OPTS).domain;
}

export interface SuffixCatalog {
  /** ICANN-section suffixes (no wildcards or exceptions), ASCII. */
  icann: readonly string[];
  /** Private-section suffixes (free subdomain and dynamic-DNS hosts), ASCII. */
  private: readonly string[];
  /** Suffix -> its direct child suffixes in the ICANN section (`uk` -> `co.uk`, `org.uk`, ...). */
  children: ReadonlyMap<string, readonly string[]>;
}

let catalog: SuffixCatalog | undefined;

function readPslRules(): string[] {
  const require = createRequire(import.meta.url);
  const main = require.resolve("psl");
  const text = readFileSync(join(dirname(main), "..", "data", "rules.js"), "utf8");
  const start = text.indexOf("[");
  const end = text.lastIndexOf("]");
  return JSON.parse(text.slice(start, end + 1)) as string[];
}

/** The enumerable suffix catalog, built once on first use (about 10k rules). */
export function suffixCatalog(): SuffixCatalog {
  if (catalog) return catalog;
  const icann: string[] = [];
  const priv: string[] = [];
  const children = new Map<string, string[]>();
  for (const raw of readPslRules()) {
    if (raw.startsWith("*") || raw.startsWith("!")) continue;
    const rule = raw.includes("xn--") || /^[a-z0-9.-]+$/.test(raw) ? raw : toAsciiRule(raw);
    if (!rule) continue;
    const r = parse(`x.${rule}`, PARSE_OPTS);
    if (r.publicSuffix !== rule || (!r.isIcann && !r.isPrivate)) continue;
    if (r.isPrivate) {
      priv.push(rule);
      continue;
    }
    icann.push(rule);
    const dot = rule.indexOf(".");
    if (dot > 0) {
      const parent = rule.slice(dot + 1);
      const list = children.get(parent);
      if (list) list.push(rule);
      else children.set(parent, [rule]);
    }
  }
  catalog = { icann, private: priv, children };
  return catalog;
}

function toAsciiRule(rule: string): string | null {
  try {
    return new URL(`http://${rule}/`).hostname;
  } catch {
    return null;
  }
}
