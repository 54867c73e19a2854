/**
 * Public suffix list access. Parsing uses tldts (ICANN + private sections); enumerating suffixes
 * (for wrong-TLD, wrong-SLD, added-TLD and free-host fuzzers) reads the rule list shipped by the
 * `psl` package, and each rule a fuzzer asks about is classified by tldts so both libraries agree
 * on what they return.
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

let rules: string[] | undefined;
/** Per rule of `rules`: its section once asked (tldts is asked rule by rule, and 10k rules cost). */
let sections: Array<Section | undefined> = [];
type Section = "icann" | "private" | "none";

function readPslRules(): string[] {
  const require = createRequire(import.meta.url);
  const main = require.resolve("psl");
  const text = readFileSync(join(dirname(main), "..", "data", "rules.js"), "utf8");
  const start = text.indexOf("[");
  const end = text.lastIndexOf("]");
  return JSON.parse(text.slice(start, end + 1)) as string[];
}

/** The list's plain rules (no wildcards or exceptions), ASCII, in list order; read once. */
function plainRules(): readonly string[] {
  if (rules) return rules;
  const out: string[] = [];
  for (const raw of readPslRules()) {
    if (raw.startsWith("*") || raw.startsWith("!")) continue;
    const rule = raw.includes("xn--") || /^[a-z0-9.-]+$/.test(raw) ? raw : toAsciiRule(raw);
    if (rule) out.push(rule);
  }
  rules = out;
  sections = new Array<Section | undefined>(out.length);
  return out;
}

/** The section tldts puts a rule in ("none" when tldts does not take it as a suffix of its own). */
function sectionOf(i: number): Section {
  const known = sections[i];
  if (known) return known;
  const rule = rules![i]!;
  const r = parse(`x.${rule}`, PARSE_OPTS);
  const section = r.publicSuffix !== rule ? "none" : r.isPrivate ? "private" : r.isIcann ? "icann" : "none";
  sections[i] = section;
  return section;
}

/**
 * Suffixes of one section of the list (no wildcards or exceptions), ASCII, in list order, among the
 * rules `shape` accepts: `shape` is a cheap test of the rule's text, asked first so that only those
 * rules are classified.
 */
export function listedSuffixes(section: "icann" | "private", shape: (rule: string) => boolean): string[] {
  const all = plainRules();
  const out: string[] = [];
  for (let i = 0; i < all.length; i++) {
    const rule = all[i]!;
    if (shape(rule) && sectionOf(i) === section) out.push(rule);
  }
  return out;
}

/** Number of labels of a suffix. */
export function labelCount(suffix: string): number {
  let n = 1;
  for (let at = suffix.indexOf("."); at >= 0; at = suffix.indexOf(".", at + 1)) n++;
  return n;
}

const childrenCache = new Map<string, readonly string[]>();
/** A suffix's direct child suffixes in the ICANN section (`uk` -> `co.uk`, `org.uk`, ...). */
export function childSuffixes(parent: string): readonly string[] {
  let list = childrenCache.get(parent);
  if (!list) {
    const tail = `.${parent}`;
    list = listedSuffixes("icann", (r) => r.endsWith(tail) && r.indexOf(".") === r.length - tail.length);
    childrenCache.set(parent, list);
  }
  return list;
}

function toAsciiRule(rule: string): string | null {
  try {
    return new URL(`http://${rule}/`).hostname;
  } catch {
    return null;
  }
}
