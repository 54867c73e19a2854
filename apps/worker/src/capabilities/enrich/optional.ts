import type { Logger } from "@brandwarden/platform/logger/logger";

// Optional dependencies (Chromium) are loaded on first use; when one is missing the finding is
// degraded and a warning is logged once per process.

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
