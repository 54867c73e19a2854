import type { DiscoveryHook } from "../discovery-hook.ts";
import { createBrandMatcher } from "../match/brand-matcher.ts";
import { ctLogSources, discoverFromCt, type CtConfig } from "./ct-discovery.ts";
import type { HttpGet } from "./http-get.ts";
import { LogListError } from "./log-list.ts";

/**
 * The `ct` discovery of a scan: the brand's matches among the logs' certificates of the lookback.
 * CT is one source among several: when the log list or every log is unavailable the scan goes on
 * without it, with a `ct_log_failed` warning in its log.
 */
export function ctDiscoveryHook(
  cfg: CtConfig,
  get: HttpGet,
  opts: { sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
): DiscoveryHook {
  return async (ctx) => {
    let sources;
    try {
      sources = await ctLogSources(cfg, get, { signal: ctx.signal, sleep: opts.sleep });
    } catch (err) {
      if (!(err instanceof LogListError)) throw err;
      await ctx.log("warn", `CT discovery skipped: ${err.message}`, "ct_log_failed");
      return [];
    }
    if (!sources.length) return [];
    const matcher = createBrandMatcher({
      brand_names: [ctx.payload.brand_name],
      keywords: ctx.payload.keywords,
      owned_domains: ctx.payload.owned_domains,
    });
    const result = await discoverFromCt({
      sources,
      get,
      matcher,
      lookbackMs: cfg.lookbackMs,
      now: opts.now?.(),
      signal: ctx.signal,
      sleep: opts.sleep,
      onProgress: (done, total) => ctx.progress(done, total),
    });
    for (const e of result.errors) await ctx.log("warn", `CT log unavailable: ${e}`, "ct_log_failed");
    await ctx.log(
      "info",
      `CT: ${result.matches.length} matching names in ${result.entriesRead} entries of ${sources.length} logs` +
        (result.skipped ? ` (${result.skipped} unparseable entries skipped)` : ""),
    );
    return result.matches.map((m) => ({
      domain: m.name,
      source: "ct",
      reason: m.reason,
      original_domain: m.owned,
    }));
  };
}
