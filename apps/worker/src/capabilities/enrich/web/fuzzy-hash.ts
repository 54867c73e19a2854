import type { Logger } from "@brandwarden/platform/logger/logger";
import { optionalModule } from "../optional.ts";

// TLSH of the normalised HTML (the `tlsh` package, a port of Trend Micro's reference). TLSH needs
// at least 512 bytes with some variety; shorter pages get no hash (null), never a fake one.

interface TlshLib {
  hash(data: string): string;
  diff(a: string, b: string): number;
}

const loadTlsh = optionalModule<TlshLib>("tlsh", async () => {
  const hash = (await import("tlsh")).default as (data: string) => string;
  const Builder = (await import("tlsh/lib/digests/digest-hash-builder.js")).default as new () => {
    withHash(h: string): { build(): { calculateDifference(o: unknown, len: boolean): number } };
  };
  return {
    hash,
    diff: (a, b) =>
      new Builder().withHash(a).build().calculateDifference(new Builder().withHash(b).build(), false),
  };
});

const HTML_HASH_PREFIX = "tlsh:";

export async function htmlFuzzyHash(normalized: string, logger?: Logger): Promise<string | null> {
  const lib = await loadTlsh(logger);
  if (!lib || normalized.length < 512) return null;
  try {
    return HTML_HASH_PREFIX + lib.hash(normalized);
  } catch {
    return null; // InsufficientComplexityError
  }
}

/**
 * 0..1: TLSH distance 0 -> 1, 400 or more -> 0 (length ignored). Calibrated on the world's pages:
 * a login-page clone with a pretext added sits near 0.7, a parking page near 0.4. Null when
 * either side has no hash.
 */
export async function htmlSimilarity(
  a: string | null,
  b: string | null,
  logger?: Logger,
): Promise<number | null> {
  if (!a || !b || !a.startsWith(HTML_HASH_PREFIX) || !b.startsWith(HTML_HASH_PREFIX)) return null;
  const lib = await loadTlsh(logger);
  if (!lib) return null;
  const d = lib.diff(a.slice(HTML_HASH_PREFIX.length), b.slice(HTML_HASH_PREFIX.length));
  return Math.max(0, Math.round((1 - d / 400) * 1000) / 1000);
}
