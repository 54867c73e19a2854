import type { Bus } from "@brandwarden/platform/bus/bus";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { WorkerConfig } from "./config.ts";

/** The adapters a worker runs on; `main.ts` builds real ones, tests may pass others. */
export interface WorkerInfrastructure {
  bus: Bus;
  kv: KeyValueStore;
  logger: Logger;
  pingRedis?: () => Promise<void>;
  close: () => Promise<void>;
}

export function createWorkerContainer(config: WorkerConfig, infra: WorkerInfrastructure) {
  return { config, infra };
}

export type WorkerContainer = ReturnType<typeof createWorkerContainer>;
