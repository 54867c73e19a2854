import { isTlshHash, tlshDistance } from "@brandwarden/platform/hashing/tlsh";
import { perceptualSimilarity } from "@brandwarden/platform/images/perceptual-hash";

// How alike two looks at a lookalike's page are: TLSH distance of the HTML fuzzy hashes (the
// worker's `tlsh:T1…` reference hashes) and Hamming distance of the screenshot dHashes, each as
// 0..1. Hashes stored before the reference form (no `T1`) are not compared with anything.

const TLSH_PREFIX = "tlsh:";

/** Compares page hashes synchronously. */
export interface PageComparer {
  /** 0..1 (1: same page); null when either hash is missing or not a reference TLSH. */
  html(a: string | null | undefined, b: string | null | undefined): number | null;
  /** 0..1 from the screenshots' dHash Hamming distance; null when either is missing. */
  screenshot(a: string | null | undefined, b: string | null | undefined): number | null;
}

function referenceHash(stored: string | null | undefined): string | null {
  const hash = stored?.startsWith(TLSH_PREFIX) ? stored.slice(TLSH_PREFIX.length) : null;
  return hash && isTlshHash(hash) ? hash : null;
}

/** TLSH distance without length 0 -> 1, 400 or more -> 0, as the worker computes page similarity. */
export function loadPageComparer(): Promise<PageComparer> {
  return Promise.resolve({
    html(a, b) {
      const x = referenceHash(a);
      const y = referenceHash(b);
      if (!x || !y) return null;
      const d = tlshDistance(x, y, { length: false });
      return Math.max(0, Math.round((1 - d / 400) * 1000) / 1000);
    },
    screenshot(a, b) {
      return perceptualSimilarity(a ?? null, b ?? null);
    },
  });
}
