#!/usr/bin/env node
/* global console, process */
// Runs the compiled command line (dist/, built at install by `npm run build`).
try {
  await import("../dist/main.js");
} catch (err) {
  if (err?.code === "ERR_MODULE_NOT_FOUND" && String(err.message).includes("/cli/dist/main.js")) {
    console.error("brandwarden: not built yet; run `npm run build` (npm ci runs it at install)");
    process.exit(1);
  }
  throw err;
}
