import type { Dispatcher } from "undici";
import { createGuardedAgent } from "@brandwarden/platform/net/guarded-agent";
import type { DiscoveryHook } from "../capabilities/discovery/discovery-hook.ts";
import { ctDiscoveryHook } from "../capabilities/discovery/ct/ct-scan-step.ts";
import { undiciGet, type HttpGet } from "../capabilities/discovery/ct/http-get.ts";
import type { WorkerConfig } from "../config.ts";
import { loadTrustedCas } from "../ports/http/http-client.ts";

/** HTTP for CT logs through the SSRF-guarded agent (loopback only with ALLOW_PRIVATE_NETWORK). */
export function ctHttpGet(config: WorkerConfig): HttpGet {
  let agent: Dispatcher | null = null;
  return (url, signal) => {
    agent ??= createGuardedAgent({
      allowPrivateNetwork: config.allowPrivateNetwork,
      ca: loadTrustedCas(config.enrich.extraCaCertsPath),
    });
    return undiciGet(agent)(url, signal);
  };
}

/** The discovery hooks a worker's config asks for: CT when CT_LOGS or CT_LOG_LIST_URL is set. */
export function discoveryHooks(config: WorkerConfig): DiscoveryHook[] {
  const ct = config.pipeline.ct;
  if (!ct.logs.length && !ct.logListUrl) return [];
  return [ctDiscoveryHook(ct, ctHttpGet(config))];
}
