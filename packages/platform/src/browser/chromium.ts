/** Debian's Chromium, unless CHROMIUM_PATH says otherwise. */
export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * Flags for headless Chromium on these machines: none of the background traffic (updates, sync,
 * QUIC probes) a closed network refuses at every start. The sandbox is not decided here: hostile
 * pages go through sandboxed-chromium.ts (sandbox on, unprivileged user); the browser tests, which
 * render only our own UI, keep playwright's default (chromiumSandbox false, i.e. --no-sandbox).
 */
export const HEADLESS_CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
