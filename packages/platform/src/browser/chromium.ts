/** Debian's Chromium, unless CHROMIUM_PATH says otherwise. */
export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * Flags for headless Chromium on these machines: no sandbox as root, and none of the background
 * traffic (updates, sync, QUIC probes) a closed network refuses at every start.
 */
export const HEADLESS_CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
