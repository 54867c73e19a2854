/**
 * Hostnames split on the public suffix list. Part of the provider-facts leaf: it imports
 * nothing of the worker, so scoring, campaigns and feeds can all read names through it.
 */
import { domainToUnicode } from "node:url";
import { parse } from "tldts";

const PARSE_OPTS = { allowPrivateDomains: true, extractHostname: false, validateHostname: false } as const;

/** A hostname split on the public suffix list (private section included), Unicode labels. */
export interface NameParts {
  ascii: string;
  unicode: string;
  /** Public suffix, ASCII (`com`, `co.uk`, `github.io`). */
  suffix: string;
  /** True when the suffix is in the PSL private section (free hosts, dynamic DNS). */
  isPrivate: boolean;
  /** Registrable domain, ASCII, or null when the name is a bare suffix. */
  registrable: string | null;
  /** Registrable label, Unicode (`acmebank` in `login.acmebank.co.uk`). */
  label: string;
  /** Labels left of the registrable domain, Unicode. */
  subLabels: string[];
}

const partsCache = new Map<string, NameParts>();

export function nameParts(domain: string): NameParts {
  const ascii = domain.toLowerCase().replace(/\.$/, "");
  const hit = partsCache.get(ascii);
  if (hit) return hit;
  const r = parse(ascii, PARSE_OPTS);
  const suffix = r.publicSuffix ?? "";
  const registrable = r.domain;
  const labelAscii = registrable ? registrable.slice(0, registrable.length - suffix.length - 1) : ascii;
  const parts: NameParts = {
    ascii,
    unicode: domainToUnicode(ascii) || ascii,
    suffix,
    isPrivate: r.isPrivate === true,
    registrable,
    label: domainToUnicode(labelAscii) || labelAscii,
    subLabels: (r.subdomain ?? "")
      .split(".")
      .filter(Boolean)
      .map((l) => domainToUnicode(l) || l),
  };
  if (partsCache.size > 50_000) partsCache.clear();
  partsCache.set(ascii, parts);
  return parts;
}
