import { isTlshHash, tlshDistance, tlshHash } from "@brandwarden/platform/hashing/tlsh";

// TLSH of the normalised HTML, as Trend Micro's reference computes it over the page's UTF-8 bytes,
// stored as `tlsh:T1…` so `tlsh -c` and other tools give the same distances. Hashes stored before
// the reference form (`tlsh:` + 70 hex digits, taken over UTF-16 code units) are not compared: they
// count as missing until the page is fetched again.

const HTML_HASH_PREFIX = "tlsh:";

/** Below this TLSH similarity a page is a different page (the watch's content check, takedown checks). */
export const CONTENT_SIMILARITY_MIN = 0.8;

/** Null when the page is too short (under 50 bytes) or too uniform for TLSH. */
export function htmlFuzzyHash(normalized: string): string | null {
  const hash = tlshHash(Buffer.from(normalized, "utf8"));
  return hash && HTML_HASH_PREFIX + hash;
}

/** The `T1` hash inside a stored `tlsh:T1…` value; null for a missing or pre-reference one. */
function referenceHash(stored: string | null): string | null {
  if (!stored?.startsWith(HTML_HASH_PREFIX)) return null;
  const hash = stored.slice(HTML_HASH_PREFIX.length);
  return isTlshHash(hash) ? hash : null;
}

/** A `tlsh:` value stored before the reference form: comparable with no hash computed today. */
export function isPreReferenceHtmlHash(stored: string): boolean {
  return stored.startsWith(HTML_HASH_PREFIX) && referenceHash(stored) === null;
}

/**
 * 0..1: TLSH distance without the length term (`tlsh -xlen`) 0 -> 1, 400 or more -> 0.
 * Calibrated on the world's pages: a login-page clone with a pretext added sits near 0.7, a
 * parking page near 0.4. Null when either side has no reference hash.
 */
export function htmlSimilarity(a: string | null, b: string | null): number | null {
  const x = referenceHash(a);
  const y = referenceHash(b);
  if (!x || !y) return null;
  const d = tlshDistance(x, y, { length: false });
  return Math.max(0, Math.round((1 - d / 400) * 1000) / 1000);
}
