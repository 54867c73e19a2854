import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { Bus } from "@brandwarden/platform/bus/bus";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { createGuardedAgent } from "@brandwarden/platform/net/guarded-agent";
import type { Db } from "./db/client.ts";
import type { WebConfig } from "./config.ts";
import { createEventConsumer } from "./events/event-consumer.ts";
import { defineJobs } from "./jobs/define-jobs.ts";
import { createScanStreamHub } from "./live/scan-stream.ts";
import { createAccountService } from "./modules/account/account.service.ts";
import { createAuditEventsRepository } from "./modules/audit-events/audit-events.repository.ts";
import { createBrandRepository } from "./modules/brand/brand.repository.ts";
import { createProfileEventHandlers } from "./modules/brand/profile-events.ts";
import { createFindingEventHandlers } from "./modules/findings/finding-events.ts";
import { createFindingsRepository } from "./modules/findings/findings.repository.ts";
import { createAuditService } from "./modules/scans/audit.service.ts";
import { createLogHandler } from "./modules/scans/log-events.ts";
import { createScanUpdateHandler } from "./modules/scans/scan-events.ts";
import { createScansRepository } from "./modules/scans/scans.repository.ts";
import { createScansService } from "./modules/scans/scans.service.ts";
import { createScoringRepository } from "./modules/scoring/scoring.repository.ts";
import { createScoringService } from "./modules/scoring/scoring.service.ts";
import { createSettingsRepository } from "./modules/settings/settings.repository.ts";
import { createSettingsService } from "./modules/settings/settings.service.ts";
import { createUsersRepository } from "./modules/users/users.repository.ts";
import { createUsersService } from "./modules/users/users.service.ts";
import { createWorkerClient } from "./worker-client/worker-client.ts";
import { createKvRateLimit } from "./lib/kv-rate-limit.ts";
import { createSecretBox } from "./lib/secret-box.ts";
import { createFindingsQuery } from "./modules/findings/findings.query.ts";
import { createAuthService } from "./modules/sessions/auth.service.ts";
import { createMailer } from "./modules/sessions/mailer.ts";
import { createSessionsRepository } from "./modules/sessions/sessions.repository.ts";
import { createTriageService } from "./modules/triage/triage.service.ts";

/** The adapters a web container runs on; `infrastructure.ts` builds real ones, tests may pass others. */
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

export function createWebContainer(
  config: WebConfig,
  infra: WebInfrastructure,
  secrets: { sessionSecret: string },
) {
  const { db, logger } = infra;
  const repos = {
    users: createUsersRepository(db),
    scans: createScansRepository(db),
    brand: createBrandRepository(db),
    findings: createFindingsRepository(db),
    auditEvents: createAuditEventsRepository(db),
  };
  const hub = createScanStreamHub();
  const worker = createWorkerClient({ baseUrl: config.workerUrl, token: config.internalApiToken });
  const outbound = createGuardedAgent({ allowPrivateNetwork: config.allowPrivateNetwork });

  const users = createUsersService({ db, repo: repos.users, brand: repos.brand });
  const secretBox = createSecretBox(config.settingsEncryptionKey ?? secrets.sessionSecret);
  const settings = createSettingsService({ db, repo: createSettingsRepository(db), secrets: secretBox });
  const sessions = createSessionsRepository(db);
  const auth = createAuthService({
    db,
    users: repos.users,
    usersService: users,
    sessions,
    rateLimit: createKvRateLimit(infra.kv),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger }),
    publicUrl: config.publicUrl,
    logger,
  });
  const triage = createTriageService({ db });
  const account = createAccountService({ db, queue: infra.queue });
  const scoring = createScoringService({ db, repo: createScoringRepository(db) });
  const audit = createAuditService({
    db,
    scans: repos.scans,
    users: repos.users,
    usersService: users,
    settings,
    blobs: infra.blobs,
    publicUrl: config.publicUrl,
  });
  const scans = createScansService({
    ...repos,
    usersService: users,
    worker,
    db,
    bus: infra.bus,
    kv: infra.kv,
    queue: infra.queue,
    hub,
    logger,
    publicUrl: config.publicUrl,
    eventChannelPrefix: config.eventChannelPrefix,
  });

  const findingEvents = createFindingEventHandlers({ ...repos, blobs: infra.blobs, hub, logger });
  const profileEvents = createProfileEventHandlers({
    brand: repos.brand,
    dispatchDeferred: scans.dispatchDeferred,
    logger,
  });
  const consumer = createEventConsumer({
    bus: infra.bus,
    prefix: config.eventChannelPrefix,
    logger,
    handlers: {
      scan_update: createScanUpdateHandler({ db, ...repos, kv: infra.kv, queue: infra.queue, hub, logger }),
      findings_initial: findingEvents.findingsInitial,
      findings_delta: findingEvents.findingsDelta,
      social_findings_initial: findingEvents.socialFindings,
      social_findings_delta: findingEvents.socialFindings,
      domain_profile: profileEvents.domainProfile,
      social_profile: profileEvents.socialProfile,
      log: createLogHandler({ db, hub, logger }),
    },
  });

  defineJobs(infra.queue, {
    db,
    ...repos,
    worker,
    blobs: infra.blobs,
    outbound,
    logger,
    scansService: scans,
  });

  return {
    config,
    infra,
    hub,
    consumer,
    sessionSecret: secrets.sessionSecret,
    services: { users, settings, scoring, audit, scans, account, auth, triage },
    deps: { sessions, worker, auditEvents: repos.auditEvents, findingsQuery: createFindingsQuery(db) },
    async close() {
      await consumer.stop();
      await worker.close();
      await outbound.close();
    },
  };
}

export type WebContainer = ReturnType<typeof createWebContainer>;
