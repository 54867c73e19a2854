import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { WorkerConfig } from "../../config.ts";
import type { HttpGet } from "../../capabilities/discovery/ct/http-get.ts";
import type { DiscoveryKit } from "../../capabilities/discovery/follow/discovery-kit.ts";
import { createCtFollowerRuntime, type CtFollowerRuntime } from "./follower-runtime.ts";

/** The worker's CT followers when CT_FOLLOW is on and logs are configured; null otherwise. */
export function createWorkerCtFollower(deps: {
  config: WorkerConfig;
  /** HTTP for the CT logs. */
  get: HttpGet;
  kv: KeyValueStore;
  logger: Logger;
  discovery: DiscoveryKit;
  /** Told what each round of each log's follower did (metrics). */
  onRound?: Parameters<typeof createCtFollowerRuntime>[0]["onRound"];
}): CtFollowerRuntime | null {
  const ct = deps.config.pipeline.ct;
  if (!ct.follow || (!ct.logs.length && !ct.logListUrl)) return null;
  const { clock, brands, assessor, sink } = deps.discovery;
  return createCtFollowerRuntime({
    config: ct,
    get: deps.get,
    kv: deps.kv,
    logger: deps.logger.child({ component: "ct-follower" }),
    prefix: deps.config.eventChannelPrefix,
    clock,
    brands,
    assessor,
    sink,
    onRound: deps.onRound,
  });
}
