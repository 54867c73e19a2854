import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { clientFor, ctLogSources, type CtConfig } from "../../capabilities/discovery/ct/ct-discovery.ts";
import { defaultSleep, type HttpGet } from "../../capabilities/discovery/ct/http-get.ts";
import type { CtLogSource } from "../../capabilities/discovery/ct/log-list.ts";
import type { NameAssessor } from "../../capabilities/discovery/follow/assess-name.ts";
import type { BrandRegistry } from "../../capabilities/discovery/follow/brand-registry.ts";
import { createCtFollower, type CtFollower, type FollowerOptions } from "./ct-follower.ts";
import type { DiscoverySink } from "../../capabilities/discovery/follow/discovered-alert.ts";
import type { Clock } from "../../capabilities/discovery/follow/lease.ts";

/**
 * The worker's CT followers: one per log (CT_LOGS, or the log list's usable logs, fetched again
 * until it answers), each in its own loop, all sharing the brand registry, the assessor and the
 * sink. `stop` ends the loops and gives their leases up for another worker to take.
 */

export interface FollowerConfig extends CtConfig {
  pollMs: number;
  backfillMs: number;
}

export interface CtFollowerRuntime {
  start(): void;
  stop(): Promise<void>;
  /** The followers once the logs are known (for diagnostics and tests). */
  readonly followers: readonly CtFollower[];
}

export function createCtFollowerRuntime(deps: {
  config: FollowerConfig;
  get: HttpGet;
  kv: KeyValueStore;
  logger: Logger;
  prefix: string;
  brands: BrandRegistry;
  assessor: NameAssessor;
  sink: DiscoverySink;
  clock?: Clock;
  owner?: string;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  onRound?: FollowerOptions["onRound"];
}): CtFollowerRuntime {
  const clock = deps.clock ?? { now: () => Date.now() };
  const owner = deps.owner ?? `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const sleep = deps.sleep ?? defaultSleep;
  const controller = new AbortController();
  const followers: CtFollower[] = [];
  let running: Promise<unknown> | null = null;

  async function sources(): Promise<CtLogSource[]> {
    for (let attempt = 0; !controller.signal.aborted; attempt++) {
      try {
        return await ctLogSources(deps.config, deps.get, { signal: controller.signal });
      } catch (err) {
        if (controller.signal.aborted) break;
        const wait = Math.min(deps.config.pollMs * 2 ** attempt, 600_000);
        deps.logger.warn({ err, retry_in_ms: wait }, "CT follower: log list unavailable");
        await sleep(wait, controller.signal).catch(() => undefined);
      }
    }
    return [];
  }

  async function main(): Promise<void> {
    const list = await sources();
    for (const source of list) {
      followers.push(
        createCtFollower({
          source,
          client: clientFor(source, {
            get: deps.get,
            signal: controller.signal,
            sleep: (ms) => sleep(ms, controller.signal),
          }),
          kv: deps.kv,
          owner,
          clock,
          brands: deps.brands,
          assessor: deps.assessor,
          sink: deps.sink,
          logger: deps.logger,
          prefix: deps.prefix,
          backfillMs: deps.config.backfillMs,
          onRound: deps.onRound,
        }),
      );
    }
    deps.logger.info({ logs: list.map((s) => s.description) }, "CT followers started");
    await Promise.all(followers.map((f) => f.run(controller.signal, { pollMs: deps.config.pollMs, sleep })));
  }

  return {
    followers,
    start() {
      running ??= main().catch((err: unknown) => deps.logger.warn({ err }, "CT followers stopped"));
    },
    async stop() {
      controller.abort(new Error("worker stopping"));
      await running;
    },
  };
}
