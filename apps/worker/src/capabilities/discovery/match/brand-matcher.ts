import { createBrandIndex, type NameMatch } from "./brand-index.ts";
import type { BrandTerms } from "../../brand/brand-context.ts";
import { brandProfile } from "./brand-terms.ts";

/**
 * One brand's view of the brand index: what a scan's `ct` step uses. The rules and guards are
 * those of `createBrandIndex` (brand-index.ts).
 */

export type { NameMatch } from "./brand-index.ts";

export interface BrandMatcher {
  match(name: string): NameMatch | null;
  /** The terms in use (for logs and tests). */
  readonly terms: { brand: string[]; keywords: string[] };
}

export function createBrandMatcher(input: BrandTerms): BrandMatcher {
  const index = createBrandIndex([{ id: "brand", terms: input }]);
  const { terms } = brandProfile(input);
  return {
    terms: {
      brand: terms.filter((t) => t.kind === "brand").map((t) => t.text),
      keywords: terms.filter((t) => t.kind === "keyword").map((t) => t.text),
    },
    match(name) {
      const m = index.match(name)[0];
      if (!m) return null;
      const { brand_id: _, ...match } = m;
      return match;
    },
  };
}
