import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { Bus } from "@brandwarden/platform/bus/bus";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "./db/client.ts";
import type { WebConfig } from "./config.ts";
import { createScoringRepository } from "./modules/scoring/scoring.repository.ts";
import { createScoringService } from "./modules/scoring/scoring.service.ts";
import { createSettingsRepository } from "./modules/settings/settings.repository.ts";
import { createSettingsService } from "./modules/settings/settings.service.ts";
import { createUsersRepository } from "./modules/users/users.repository.ts";
import { createUsersService } from "./modules/users/users.service.ts";
import { createScansRepository } from "./modules/scans/scans.repository.ts";
import { createAuditService } from "./modules/scans/audit.service.ts";

/** The adapters a web container runs on; `main.ts` builds real ones, tests may pass others. */
export interface WebInfrastructure {
  db: Db;
  dbKind: "pglite" | "postgres";
  pingDb: () => Promise<void>;
  bus: Bus;
  kv: KeyValueStore;
  queue: JobQueue;
  blobs: BlobStore;
  logger: Logger;
  /** Checks Redis when the deployment uses it; undefined in embedded mode. */
  pingRedis?: () => Promise<void>;
  close: () => Promise<void>;
}

export function createWebContainer(config: WebConfig, infra: WebInfrastructure) {
  const { db } = infra;
  const usersRepo = createUsersRepository(db);
  const scansRepo = createScansRepository(db);
  const users = createUsersService({ db, repo: usersRepo });
  const settings = createSettingsService({ db, repo: createSettingsRepository(db) });
  const scoring = createScoringService({ db, repo: createScoringRepository(db) });
  const audit = createAuditService({
    db,
    scans: scansRepo,
    users: usersRepo,
    usersService: users,
    settings,
    blobs: infra.blobs,
    publicUrl: config.publicUrl,
  });
  return { config, infra, services: { users, settings, scoring, audit } };
}

export type WebContainer = ReturnType<typeof createWebContainer>;
