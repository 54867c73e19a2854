import { LRUCache } from "lru-cache";
import AhoCorasick from "modern-ahocorasick";
import { toUnicode } from "punycode";
import { parse } from "tldts";
import { FREE_HOST_FAVOURITES } from "../../provider-facts/free-hosts.ts";
import type { BrandTerms } from "../../brand/brand-context.ts";
import { brandProfile, type BrandProfile, type Term } from "./brand-terms.ts";
import { EditIndex } from "./edit-index.ts";
import { foldLabel } from "./fold-label.ts";

/**
 * Does a host name (from a certificate) impersonate any of many brands? Built once over every
 * brand; a name is split once, each label folded once (and remembered: `www`, `mail`, `cpanel`
 * come back in every other certificate), and tested against all brands' terms together: an
 * Aho-Corasick automaton for "contains a term", a map for whole-part terms, a deletion index for
 * near misses. Rules, strongest first, one match per brand and name:
 *  - `brand`: a label contains a brand term (the brand's names, the label of each owned domain's
 *    registrable domain), also after homoglyph and leetspeak folding, separators removed, or the
 *    labels read together across the dots (`contoso.pay-verify.com` for `contosopay`);
 *  - `keyword`: a label contains a distinctive keyword (generic words never match on their own);
 *  - `edit_distance`: a label or one of its hyphen-separated parts is 1 edit (2 for terms of 9+
 *    letters) from a brand term;
 *  - `free_hosting`: any of the above left of a free-hosting suffix (`acme-support.netlify.app`).
 * Guards: wildcards and names under a brand's own registrable domains never match that brand;
 * terms shorter than 4 letters or that are common words match only as a whole hyphen-separated
 * part and never by edit distance; public suffixes are never the impersonation.
 */

export type MatchRule = "brand" | "keyword" | "edit_distance" | "free_hosting";

export interface NameMatch {
  name: string;
  rule: MatchRule;
  /** The brand term or keyword it matched. */
  term: string;
  /** One sentence an analyst reads: why this name was taken. */
  reason: string;
  /** The brand's owned domain the term stands for (null when the brand has none). */
  owned: string | null;
}

export interface BrandMatch extends NameMatch {
  /** Which brand (the id it was indexed under). */
  brand_id: string;
}

export interface IndexedBrand {
  id: string;
  terms: BrandTerms;
}

export interface BrandIndex {
  /** At most one match per brand, in the order of the name's labels. */
  match(name: string): BrandMatch[];
  readonly brands: number;
}

interface TermRef {
  brand: number;
  term: Term;
}

interface LabelHit {
  brand: number;
  term: Term;
  rule: "brand" | "keyword" | "edit_distance";
  reason: string;
}

const FREE_HOSTS = new Set(FREE_HOST_FAVOURITES);
const PARSE_OPTS = { allowPrivateDomains: true, validateHostname: false, extractHostname: false } as const;
const RANK = { brand: 0, keyword: 1, edit_distance: 2 } as const;
const NONE: readonly LabelHit[] = Object.freeze([]);

function safeToUnicode(label: string): string {
  try {
    return toUnicode(label);
  } catch {
    return label;
  }
}

function explainContains(label: string, folded: string, t: Term): string {
  const plain = label.replace(/[^a-z0-9]/g, "");
  if (plain.includes(t.text)) return `label "${label}" contains the ${t.kind} "${t.text}"`;
  return `label "${label}" reads "${folded}" after homoglyph/leetspeak folding, containing the ${t.kind} "${t.text}"`;
}

/** The free-hosting suffix a name sits on (`netlify.app`), or null. */
function freeHostOf(labels: string[]): string | null {
  let suffix = labels[labels.length - 1]!;
  for (let i = labels.length - 2; i >= 1; i--) {
    suffix = `${labels[i]}.${suffix}`;
    if (FREE_HOSTS.has(suffix)) return suffix;
  }
  return null;
}

export function createBrandIndex(brands: IndexedBrand[], opts: { cacheSize?: number } = {}): BrandIndex {
  const profiles: BrandProfile[] = brands.map((b) => brandProfile(b.terms));
  const contains = new Map<string, TermRef[]>();
  const tokens = new Map<string, TermRef[]>();
  const near = new EditIndex<TermRef>();
  const ownedBy = new Map<string, Set<number>>();
  const push = (m: Map<string, TermRef[]>, k: string, r: TermRef) => {
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  };
  profiles.forEach((p, brand) => {
    for (const term of p.terms) {
      const ref = { brand, term };
      push(term.tokenOnly ? tokens : contains, term.folded, ref);
      if (term.editable) near.add(term.folded, term.text.length >= 9 ? 2 : 1, ref);
    }
    for (const d of p.ownedRegistrable) {
      const set = ownedBy.get(d) ?? new Set<number>();
      ownedBy.set(d, set.add(brand));
    }
  });
  const automaton = contains.size
    ? new AhoCorasick([...contains].map(([pattern, data]) => ({ pattern, data })))
    : null;
  const cache = new LRUCache<string, readonly LabelHit[]>({ max: opts.cacheSize ?? 20_000 });

  function analyse(label: string): readonly LabelHit[] {
    const display = label.startsWith("xn--") ? safeToUnicode(label) : label;
    const folded = foldLabel(display);
    if (!folded) return NONE;
    const parts = /[-_]/.test(display) ? display.split(/[-_]+/).map(foldLabel).filter(Boolean) : [folded];
    const best = new Map<number, LabelHit>();
    const offer = (hit: LabelHit) => {
      const had = best.get(hit.brand);
      if (
        !had ||
        RANK[hit.rule] < RANK[had.rule] ||
        (hit.rule === had.rule && hit.term.text.length > had.term.text.length)
      )
        best.set(hit.brand, hit);
    };
    const containsHit = ({ brand, term }: TermRef) =>
      offer({ brand, term, rule: term.kind, reason: explainContains(display, folded, term) });
    for (const m of automaton?.search(folded) ?? []) for (const ref of m.data!) containsHit(ref);
    for (const p of parts) for (const ref of tokens.get(p) ?? []) containsHit(ref);
    for (const p of parts.length > 1 ? [folded, ...parts] : [folded]) {
      for (const h of near.near(p)) {
        if (best.has(h.value.brand)) continue;
        const d = h.distance;
        offer({
          ...h.value,
          rule: "edit_distance",
          reason: `"${p}" in label "${display}" is ${d} edit${d > 1 ? "s" : ""} from the brand "${h.value.term.text}"`,
        });
      }
    }
    return best.size ? [...best.values()] : NONE;
  }

  function labelHits(label: string): readonly LabelHit[] {
    let hits = cache.get(label);
    if (!hits) cache.set(label, (hits = analyse(label)));
    return hits;
  }

  /**
   * Brand terms that only show when the labels are read together (`contoso.pay-verify` for
   * `contosopay`): the term must start and end on a label or hyphen-part boundary and span a dot,
   * so `cpanel.marble` never reads as "nelmar".
   */
  function acrossDots(labels: string[]): LabelHit[] {
    if (!automaton || labels.length < 2) return [];
    const edges = new Set<number>([0]);
    const dots: number[] = [];
    let joined = "";
    for (const label of labels) {
      if (joined) dots.push(joined.length);
      const display = label.startsWith("xn--") ? safeToUnicode(label) : label;
      for (const part of display.split(/[-_]+/)) {
        joined += foldLabel(part);
        edges.add(joined.length);
      }
    }
    const out: LabelHit[] = [];
    for (const m of automaton.search(joined)) {
      if (!edges.has(m.start) || !edges.has(m.end) || !dots.some((d) => d > m.start && d < m.end)) continue;
      for (const { brand, term } of m.data!) {
        if (term.kind !== "brand") continue;
        const reason = `labels "${labels.join(".")}" read "${joined}" with the dots removed, containing the brand "${term.text}"`;
        out.push({ brand, term, rule: "brand", reason });
      }
    }
    return out;
  }

  return {
    brands: brands.length,
    match(raw: string): BrandMatch[] {
      const name = raw.trim().toLowerCase().replace(/\.$/, "");
      if (!name || name.includes("*")) return [];
      const labels = name.split(".");
      if (labels.length < 2 || labels.some((l) => !l)) return [];
      const parsed = parse(name, PARSE_OPTS);
      const excluded = ownedBy.get(parsed.domain ?? name);
      const free = freeHostOf(labels);
      const suffixLabels = free
        ? free.split(".").length
        : parsed.publicSuffix
          ? parsed.publicSuffix.split(".").length
          : 1;
      const candidates = labels.slice(0, Math.max(0, labels.length - suffixLabels));
      const out: BrandMatch[] = [];
      const done = new Set<number>();
      const take = (h: LabelHit) => {
        if (done.has(h.brand) || excluded?.has(h.brand)) return;
        done.add(h.brand);
        const base = { name, term: h.term.text, owned: h.term.owned, brand_id: brands[h.brand]!.id };
        out.push(
          free
            ? {
                ...base,
                rule: "free_hosting",
                reason: `subdomain of the free host ${free} built on the brand: ${h.reason}`,
              }
            : { ...base, rule: h.rule, reason: h.reason },
        );
      };
      for (const label of candidates) for (const h of labelHits(label)) take(h);
      if (done.size < brands.length) for (const h of acrossDots(candidates)) take(h);
      return out;
    },
  };
}
