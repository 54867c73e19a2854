/**
 * Public suffix list access, through tldts alone. Parsing uses tldts' API; enumerating suffixes
 * (for the wrong-TLD, wrong-SLD, added-TLD and free-host fuzzers) walks the very rule trie tldts
 * parses with, so what a fuzzer lists is what the parser accepts, for the PSL snapshot tldts ships.
 */
import { createRequire } from "node:module";
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

/**
 * Splits a hostname with the public suffix list (private section included). Upper case is folded;
 * a name with an empty label (a leading dot, "a..b") has no registrable domain (PSL test_psl.txt).
 */
export function splitDomain(host: string): SuffixParts {
  const name = host.toLowerCase();
  if (hasEmptyLabel(name)) return { suffix: "", registrable: null, subdomain: "", isPrivate: false };
  const r = parse(name, PARSE_OPTS);
  return {
    suffix: r.publicSuffix ?? "",
    registrable: r.domain,
    subdomain: r.subdomain ?? "",
    isPrivate: r.isPrivate === true,
  };
}

/** Registrable domain of a hostname (case folded), or null (a suffix, or an empty label). */
export function registrableOf(host: string): string | null {
  const name = host.toLowerCase();
  return hasEmptyLabel(name) ? null : parse(name, PARSE_OPTS).domain;
}

/** A leading dot or two dots in a row (a trailing dot is the DNS root, allowed). */
function hasEmptyLabel(name: string): boolean {
  return name.startsWith(".") || name.includes("..");
}

/** The packed trie tldts ships (tldts/src/data/trie.ts), in the layout tldts/src/suffix-trie.ts reads. */
interface SuffixTrie {
  nodeFlags: Uint8Array;
  edgeStart: ArrayLike<number>;
  edgeLength: ArrayLike<number>;
  edgeChild: ArrayLike<number>;
  labelText: string;
  rulesRoot: number;
}

const ICANN = 1;
const PRIVATE = 2;

interface ListedSuffixes {
  icann: string[];
  private: string[];
}
let listed: ListedSuffixes | undefined;

/**
 * Every plain rule of the list (no wildcards or exceptions), ASCII, sorted: the trie walked from
 * the TLDs down. Unicode rules are skipped (tldts stores each with its xn-- form too), and so are
 * rules with a wildcard child (`ck` under `*.ck`, `kawasaki.jp` under `*.kawasaki.jp`): one label
 * under them is a suffix again, so nothing can be registered there.
 */
function listedSuffixes(): ListedSuffixes {
  if (listed) return listed;
  const trie = createRequire(import.meta.url)("tldts/dist/cjs/src/data/trie.js") as SuffixTrie;
  const { nodeFlags, edgeStart, edgeLength, edgeChild, labelText, rulesRoot } = trie;
  if (typeof labelText !== "string" || !nodeFlags || !edgeStart || typeof rulesRoot !== "number") {
    throw new Error("tldts' rule trie has an unknown layout (tldts/dist/cjs/src/data/trie.js)");
  }
  const offset: number[] = [];
  for (let e = 0, at = 0; e < edgeLength.length; e++) {
    offset.push(at);
    at += edgeLength[e]!;
  }
  const out: ListedSuffixes = { icann: [], private: [] };
  const visit = (node: number, suffix: string): void => {
    let wildcard = false;
    for (let e = edgeStart[node]!; e < edgeStart[node + 1]!; e++) {
      const label = labelText.slice(offset[e], offset[e]! + edgeLength[e]!);
      if (label === "*") wildcard = true;
      else if (isAsciiLabel(label)) visit(edgeChild[e]!, suffix ? `${label}.${suffix}` : label);
    }
    const flags = nodeFlags[node]!;
    if (!suffix || wildcard) return;
    if (flags & ICANN) out.icann.push(suffix);
    else if (flags & PRIVATE) out.private.push(suffix);
  };
  visit(rulesRoot, "");
  out.icann.sort();
  out.private.sort();
  listed = out;
  return out;
}

function isAsciiLabel(label: string): boolean {
  for (let i = 0; i < label.length; i++) if (label.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Suffixes of one section of the list (plain rules, ASCII, sorted) that `shape` accepts. */
export function sectionSuffixes(section: "icann" | "private", shape: (rule: string) => boolean): string[] {
  return listedSuffixes()[section].filter(shape);
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
    list = sectionSuffixes("icann", (r) => r.endsWith(tail) && r.indexOf(".") === r.length - tail.length);
    childrenCache.set(parent, list);
  }
  return list;
}
