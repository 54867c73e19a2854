import { perceptualSimilarity } from "@brandwarden/platform/images/perceptual-hash";

// How alike two looks at a lookalike's page are: TLSH distance of the HTML fuzzy hashes (the
// worker's `tlsh:` hashes) and Hamming distance of the screenshot dHashes, each as 0..1.

const TLSH_PREFIX = "tlsh:";

type Digest = { calculateDifference(other: unknown, len: boolean): number };
type BuilderClass = new () => { withHash(h: string): { build(): Digest } };

let builder: Promise<BuilderClass | null> | null = null;

/** The TLSH digest builder, loaded once; null when the library cannot be loaded. */
function loadBuilder(): Promise<BuilderClass | null> {
  builder ??= import("tlsh/lib/digests/digest-hash-builder.js")
    .then((m) => m.default as BuilderClass)
    .catch(() => null);
  return builder;
}

/** Compares page hashes synchronously once the library is loaded. */
export interface PageComparer {
  /** 0..1 (1: same page); null when either hash is missing or not TLSH. */
  html(a: string | null | undefined, b: string | null | undefined): number | null;
  /** 0..1 from the screenshots' dHash Hamming distance; null when either is missing. */
  screenshot(a: string | null | undefined, b: string | null | undefined): number | null;
}

/** TLSH distance 0 -> 1, 400 or more -> 0, as the worker computes page similarity to the brand. */
export async function loadPageComparer(): Promise<PageComparer> {
  const Builder = await loadBuilder();
  return {
    html(a, b) {
      if (!a || !b || !a.startsWith(TLSH_PREFIX) || !b.startsWith(TLSH_PREFIX)) return null;
      if (a === b) return 1;
      if (!Builder) return null;
      try {
        const da = new Builder().withHash(a.slice(TLSH_PREFIX.length)).build();
        const db = new Builder().withHash(b.slice(TLSH_PREFIX.length)).build();
        const d = da.calculateDifference(db, false);
        return Math.max(0, Math.round((1 - d / 400) * 1000) / 1000);
      } catch {
        return null;
      }
    },
    screenshot(a, b) {
      return perceptualSimilarity(a ?? null, b ?? null);
    },
  };
}
