import type { BrandTerms } from "../../brand/brand-context.ts";
import { PHISHING_WORDS } from "../../lookalike/data/words.ts";
import { registrableOf } from "../../lookalike/psl.ts";
import { COMMON_WORDS } from "./common-words.ts";
import { foldLabel } from "./fold-label.ts";

/**
 * What a brand is looked for by in certificate names: its names, the label of each owned domain's
 * registrable domain (`www.contosopay.com` and `shop.contosopay.co.uk` give `contosopay`, never
 * `www` or `shop`), and its distinctive keywords.
 */

type TermKind = "brand" | "keyword";

export interface Term {
  kind: TermKind;
  /** Lower-case letters and digits, as the analyst reads it. */
  text: string;
  /** Folded like labels are (TR39 skeleton: "m" reads "rn"), what comparisons use. */
  folded: string;
  /** Only whole hyphen-separated parts may match (short or common words). */
  tokenOnly: boolean;
  /** Brand terms of 5+ letters that are not common words: also matched within 1 (or 2) edits. */
  editable: boolean;
  /** The owned domain this term stands for (its own label, or the closest one); null without owned domains. */
  owned: string | null;
}

export interface BrandProfile {
  terms: Term[];
  /** Owned names, normalised (lower case, no trailing dot). */
  owned: string[];
  /** Registrable domains of the owned names: a name under any of them is the brand's own. */
  ownedRegistrable: string[];
}

const GENERIC = new Set(PHISHING_WORDS.map((w) => w.replace(/-/g, "")));

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function normaliseHost(d: string): string {
  return d.trim().toLowerCase().replace(/\.$/, "");
}

/** The label left of the public suffix (`shop.contoso.co.uk` -> `contoso`). */
function registrableLabel(domain: string): string | null {
  const reg = registrableOf(domain);
  return reg ? reg.split(".")[0]! : null;
}

export function brandProfile(input: BrandTerms): BrandProfile {
  const owned = input.owned_domains.map(normaliseHost).filter(Boolean);
  const ownedRegistrable = [...new Set(owned.map((d) => registrableOf(d) ?? d))];
  const labelOwner = new Map<string, string>();
  for (const d of owned) {
    const label = slug(registrableLabel(d) ?? d.split(".")[0] ?? "");
    if (label && !labelOwner.has(label)) labelOwner.set(label, d);
  }
  // A brand name stands for the owned domain with its label, or one whose label it contains.
  const ownerOf = (t: string) =>
    labelOwner.get(t) ??
    [...labelOwner].find(([label]) => label.length >= 3 && (t.includes(label) || label.includes(t)))?.[1] ??
    owned[0] ??
    null;

  const brandSet = new Set<string>();
  for (const n of input.brand_names) if (slug(n).length >= 2) brandSet.add(slug(n));
  for (const label of labelOwner.keys()) if (label.length >= 2) brandSet.add(label);
  const terms: Term[] = [];
  for (const text of brandSet) {
    const tokenOnly = text.length < 4 || COMMON_WORDS.has(text);
    terms.push({
      kind: "brand",
      text,
      folded: foldLabel(text),
      tokenOnly,
      editable: !tokenOnly && text.length >= 5,
      owned: ownerOf(text),
    });
  }
  for (const text of new Set(input.keywords.map(slug))) {
    if (text.length < 5 || GENERIC.has(text) || COMMON_WORDS.has(text) || brandSet.has(text)) continue;
    terms.push({
      kind: "keyword",
      text,
      folded: foldLabel(text),
      tokenOnly: false,
      editable: false,
      owned: owned[0] ?? null,
    });
  }
  return { terms: terms.filter((t) => t.folded), owned, ownedRegistrable };
}
