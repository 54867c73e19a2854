/** Suffix fuzzers: dnstwist's tld-swap, and public-suffix-list driven wrong/added/faux TLDs and free hosts. */
import { FAUX_TLD_TARGETS, FAUX_TLD_TOKENS } from "../data/words.ts";
import { FREE_HOST_FAVOURITES } from "../../provider-facts/free-hosts.ts";
import { childSuffixes, labelCount, sectionSuffixes } from "../psl.ts";
import type { FuzzerFn } from "../types.ts";

/** Generic second-level labels kept by wrong-tld (`co.uk`, `com.br`, `net.au`, `org.mx`). */
const GENERIC_SLDS = new Set(["co", "com", "net", "org"]);

/** dnstwist's tld-swap: the label under every suffix of the caller's list. */
export const tldSwap: FuzzerFn = function* (ctx) {
  for (const tld of ctx.tlds)
    if (tld !== ctx.suffix && tld !== ctx.suffixAscii) yield ctx.withLabelSuffix(ctx.label, tld);
};

/** The label under every ICANN top-level domain and every generic second-level suffix (co/com/net/org.X). */
export const wrongTld: FuzzerFn = function* (ctx) {
  for (const suffix of wrongTldSuffixes()) {
    if (suffix !== ctx.suffixAscii) yield ctx.withLabelSuffix(ctx.label, suffix);
  }
};

let wrongTldCache: string[] | undefined;
function wrongTldSuffixes(): readonly string[] {
  wrongTldCache ??= sectionSuffixes("icann", (s) => {
    const labels = s.split(".");
    return labels.length === 1 || (labels.length === 2 && GENERIC_SLDS.has(labels[0]!));
  });
  return wrongTldCache;
}

/** Sibling suffixes of a multi-label suffix (co.uk -> org.uk, ac.uk, ...), and the bare parent. */
export const wrongSld: FuzzerFn = function* (ctx) {
  const dot = ctx.suffixAscii.indexOf(".");
  if (dot < 0) {
    for (const child of childSuffixes(ctx.suffixAscii)) {
      yield ctx.withLabelSuffix(ctx.label, child);
    }
    return;
  }
  const parent = ctx.suffixAscii.slice(dot + 1);
  yield ctx.withLabelSuffix(ctx.label, parent);
  for (const sibling of childSuffixes(parent)) {
    if (sibling !== ctx.suffixAscii) yield ctx.withLabelSuffix(ctx.label, sibling);
  }
};

/** A country suffix appended after the real one where the list has it: brand.com -> brand.com.br. */
export const addedTld: FuzzerFn = function* (ctx) {
  for (const longer of suffixesEndingWith(ctx.suffixAscii)) yield ctx.withLabelSuffix(ctx.label, longer);
};

const longerCache = new Map<string, string[]>();
function suffixesEndingWith(suffix: string): readonly string[] {
  let list = longerCache.get(suffix);
  if (!list) {
    const depth = labelCount(suffix) + 1;
    list = sectionSuffixes("icann", (s) => s.startsWith(`${suffix}.`) && labelCount(s) === depth);
    longerCache.set(suffix, list);
  }
  return list;
}

/** A suffix written into the label: brand-com.net, brandcom.org, brand-co-uk.com. */
export const fauxTld: FuzzerFn = function* (ctx) {
  const own = ctx.suffix.replaceAll(".", "-");
  const tokens = [...new Set([own, ...FAUX_TLD_TOKENS])];
  const targets = [...new Set([ctx.suffix, ...FAUX_TLD_TARGETS])];
  for (const token of tokens) {
    for (const target of targets) {
      yield ctx.withLabelSuffix(`${ctx.label}-${token}`, target);
      yield ctx.withLabelSuffix(ctx.label + token.replaceAll("-", ""), target);
    }
  }
};

/**
 * Free subdomain and dynamic-DNS hosts: the label under every two-label suffix of the public suffix
 * list's private section (brand.duckdns.org, brand.github.io), plus brand-com.<host> on favourites.
 */
export const freeHost: FuzzerFn = function* (ctx) {
  const flat = `${ctx.label}-${ctx.suffix.replaceAll(".", "-")}`;
  for (const host of freeHostSuffixes()) yield `${ctx.label}.${host}`;
  for (const host of FREE_HOST_FAVOURITES) yield `${flat}.${host}`;
};

let freeHostCache: string[] | undefined;
export function freeHostSuffixes(): readonly string[] {
  freeHostCache ??= sectionSuffixes("private", (s) => labelCount(s) === 2);
  return freeHostCache;
}
