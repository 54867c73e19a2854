import type { Logger } from "@brandwarden/platform/logger/logger";

// Optional dependencies (Chromium, the fuzzy-hash and image libraries) are loaded on first use;
// when one is missing the finding is degraded and a warning is logged once per process.

const warned = new Set<string>();

export function warnOnce(
  logger: Pick<Logger, "warn"> | undefined,
  key: string,
  message: string,
  err?: unknown,
) {
  if (warned.has(key)) return;
  warned.add(key);
  logger?.warn({ code: key, err: err instanceof Error ? err.message : err }, message);
}

/** Test hook: forget which warnings were logged. */
export function resetWarnings() {
  warned.clear();
}

/** Imports a module once; resolves to null (and warns once) when it cannot be loaded. */
export function optionalModule<T>(name: string, load: () => Promise<T>) {
  let loaded: Promise<T | null> | null = null;
  return (logger?: Pick<Logger, "warn">): Promise<T | null> =>
    (loaded ??= load().catch((err) => {
      warnOnce(
        logger,
        `optional_dependency_missing:${name}`,
        `${name} is not available; findings are degraded`,
        err,
      );
      return null;
    }));
}
