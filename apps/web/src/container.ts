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
import { createScanStreamHub } from "./lib/scan-stream.ts";
import { createAccountService } from "./modules/account/account.service.ts";
import { createAccountGuards } from "./modules/account/account-guards.ts";
import {
  chainLogHandlers,
  createKeywordExpansionEvents,
} from "./modules/account/keyword-expansion-events.ts";
import { createKeywordExpansionRepository } from "./modules/account/keyword-expansion.repository.ts";
import { createAuditEventsRepository } from "./modules/audit-events/audit-events.repository.ts";
import { createBrandRepository } from "./modules/brand/brand.repository.ts";
import { createMonitoredBrandsRepository } from "./modules/brand/monitored-brands.repository.ts";
import { createMonitoredBrandsService } from "./modules/brand/monitored-brands.service.ts";
import { createProfileEventHandlers } from "./modules/brand/profile-events.ts";
import { createFindingEventHandlers } from "./modules/findings/finding-events.ts";
import { createFindingsRepository } from "./modules/findings/findings.repository.ts";
import { createAuditService } from "./modules/findings/audit.service.ts";
import { createLogHandler } from "./modules/scans/log-events.ts";
import { createScanLogsRepository } from "./modules/scans/scan-logs.repository.ts";
import { createScanUpdateHandler } from "./modules/scans/scan-events.ts";
import { createScanReconciler } from "./modules/scans/scan-reconcile.ts";
import { createScansRepository } from "./modules/scans/scans.repository.ts";
import { createScansService } from "./modules/scans/scans.service.ts";
import { createScoringRepository } from "./modules/scoring/scoring.repository.ts";
import { createScoringService } from "./modules/scoring/scoring.service.ts";
import { createWeightsAdminService } from "./modules/admin/weights.service.ts";
import { createActFor } from "./modules/sessions/actor.ts";
import { createMediaRepository } from "./modules/media/media.repository.ts";
import { createMediaService } from "./modules/media/media.service.ts";
import { createReportsRepository } from "./modules/reports/reports.repository.ts";
import { createReportsService } from "./modules/reports/reports.service.ts";
import { createTakedownsRepository } from "./modules/takedowns/takedowns.repository.ts";
import { createTakedownsService } from "./modules/takedowns/takedowns.service.ts";
import { createTriageRepository } from "./modules/triage/triage.repository.ts";
import { createNarrativesRepository } from "./modules/reports/narratives.repository.ts";
import { createNarrativesService } from "./modules/reports/narratives.service.ts";
import { createSnapshotLinks } from "./modules/webhooks/snapshot-links.ts";
import { createWebhookSnapshotRepository } from "./modules/webhooks/webhook-snapshot.repository.ts";
import { createWebhookSnapshotService } from "./modules/webhooks/webhook-snapshot.service.ts";
import { createSettingsRepository } from "./modules/settings/settings.repository.ts";
import { createSettingsService } from "./modules/settings/settings.service.ts";
import { createUsersRepository } from "./modules/users/users.repository.ts";
import { createUsersService } from "./modules/users/users.service.ts";
import { createWorkerClient } from "./worker-client/worker-client.ts";
import { createKvRateLimit } from "./lib/kv-rate-limit.ts";
import { createSecretBox } from "./lib/secret-box.ts";
import { createFindingsService } from "./modules/findings/findings.service.ts";
import { createCampaignsRepository } from "./modules/findings/campaigns.repository.ts";
import { createCampaignsService } from "./modules/findings/campaigns.service.ts";
import { createAuthService } from "./modules/sessions/auth.service.ts";
import { createMailer } from "./modules/sessions/mailer.ts";
import { createPasswordResetsRepository } from "./modules/sessions/password-resets.repository.ts";
import { createSessionStreams } from "./modules/sessions/session-streams.ts";
import { createSessionsRepository } from "./modules/sessions/sessions.repository.ts";
import { createTriageService } from "./modules/triage/triage.service.ts";
import { createMonitoring } from "./modules/monitoring/monitoring.module.ts";

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
  // Browser pushes reach every web process (the one applying a scan's events may not be the one its owner's browser is on).
  const hub = createScanStreamHub({ bus: infra.bus, prefix: config.eventChannelPrefix, logger });
  const worker = createWorkerClient({ baseUrl: config.workerUrl, token: config.internalApiToken });
  const outbound = createGuardedAgent({ allowPrivateNetwork: config.allowPrivateNetwork });

  const users = createUsersService({ db, repo: repos.users, brand: repos.brand });
  /** Every user's brand, for the worker's CT follower (internal API). */
  const monitoredBrands = createMonitoredBrandsService({ repo: createMonitoredBrandsRepository(db) });
  const secretBox = createSecretBox(config.settingsEncryptionKey ?? secrets.sessionSecret);
  const settings = createSettingsService({ db, repo: createSettingsRepository(db), secrets: secretBox });
  const sessions = createSessionsRepository(db, config.session);
  // Event streams end with their session; expired sessions' streams are swept once a minute.
  const sessionStreams = createSessionStreams({ sessions, logger });
  sessionStreams.start(60_000);
  const auth = createAuthService({
    db,
    users: repos.users,
    usersService: users,
    sessions,
    resets: createPasswordResetsRepository(db),
    streams: sessionStreams,
    rateLimit: createKvRateLimit(infra.kv),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger }),
    publicUrl: config.publicUrl,
    logger,
  });
  // The learner's label count is global (one weight set): `scoring` below answers it.
  const triage = createTriageService({
    db,
    repo: createTriageRepository(db),
    learner: { learnerStatus: () => scoring.learnerStatus() },
    // A label moves the findings' tracked lookalikes at once (monitoring, wired below).
    lookalikes: { findingsLabelled: (tx, change) => monitoring.lookalikes.findingsLabelled(tx, change) },
  });
  const keywordExpansions = createKeywordExpansionRepository(db);
  const account = createAccountService({
    db,
    queue: infra.queue,
    blobs: infra.blobs,
    users: repos.users,
    brand: repos.brand,
    keywordExpansions,
    guards: createAccountGuards({
      rateLimit: createKvRateLimit(infra.kv),
      allowPrivateNetwork: config.allowPrivateNetwork,
    }),
  });
  const scoringRepo = createScoringRepository(db);
  const scoring = createScoringService({
    db,
    repo: scoringRepo,
    minLabeledSamples: config.minLabeledSamples,
  });
  const weightsAdmin = createWeightsAdminService({ scoring, repo: scoringRepo });
  // Webhooks carry a signed, expiring URL from which the receiver pages the whole snapshot.
  const snapshotLinks = createSnapshotLinks({ secret: secrets.sessionSecret, publicUrl: config.publicUrl });
  // Campaigns named and described once, for the dashboard, webhooks and their snapshots alike.
  const campaigns = createCampaignsService({ repo: createCampaignsRepository(db) });
  const reportsRepo = createReportsRepository(db);
  const webhookSnapshots = createWebhookSnapshotService({
    repo: createWebhookSnapshotRepository(db),
    links: snapshotLinks,
    campaigns,
  });
  const narratives = createNarrativesService({
    repo: createNarrativesRepository(db),
    worker,
    rateLimit: createKvRateLimit(infra.kv),
  });
  const audit = createAuditService({
    db,
    scans: repos.scans,
    findings: repos.findings,
    users: repos.users,
    usersService: users,
    settings,
    blobs: infra.blobs,
    publicUrl: config.publicUrl,
  });
  const scanLogs = createScanLogsRepository(db);
  const scans = createScansService({
    ...repos,
    logs: scanLogs,
    reports: reportsRepo,
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
    silenceLimitMs: config.scanSilenceLimitMs,
    autoResumes: config.scanAutoResumes,
  });

  // Monitoring (issue 21): tracked lookalikes, change detection, the watch, alerts.
  const monitoring = createMonitoring({
    db,
    queue: infra.queue,
    users: repos.users,
    usersService: users,
    brand: repos.brand,
    worker,
    outbound,
    allowPrivateNetwork: config.allowPrivateNetwork,
    mailer: config.smtpUrl ? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger }) : null,
    publicUrl: config.publicUrl,
    logger,
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
    consumerName: config.consumerName,
    onLoss: (loss) => scans.failLost(loss),
    push: hub,
    handlers: {
      scan_update: createScanUpdateHandler({
        db,
        ...repos,
        kv: infra.kv,
        queue: infra.queue,
        hub,
        bus: infra.bus,
        prefix: config.eventChannelPrefix,
        logger,
        onCompleted: monitoring.onScanCompleted,
      }),
      findings_initial: findingEvents.findingsInitial,
      findings_delta: findingEvents.findingsDelta,
      social_findings_initial: findingEvents.socialFindings,
      social_findings_delta: findingEvents.socialFindings,
      domain_profile: profileEvents.domainProfile,
      social_profile: profileEvents.socialProfile,
      log: chainLogHandlers(
        createLogHandler({ logs: scanLogs, hub, logger }),
        // Keyword-expansion failures (no scan, a user) are kept for the brand profile page.
        createKeywordExpansionEvents({ repo: keywordExpansions, logger }),
      ),
      watch_update: monitoring.events.watchUpdate,
      alert: monitoring.events.alert,
    },
  });

  const reconciler = createScanReconciler({
    ...repos,
    kv: infra.kv,
    queue: infra.queue,
    logger,
    announceEnded: scans.announceEnded,
    dispatchDeferred: scans.dispatchDeferred,
  });

  defineJobs(infra.queue, {
    db,
    ...repos,
    worker,
    blobs: infra.blobs,
    outbound,
    allowPrivateNetwork: config.allowPrivateNetwork,
    logger,
    scansService: scans,
    snapshotLinks,
    reports: reportsRepo,
    campaigns,
  });

  return {
    config,
    infra,
    hub,
    consumer,
    reconciler,
    sessionSecret: secrets.sessionSecret,
    services: {
      users,
      settings,
      scoring,
      audit,
      scans,
      findings: createFindingsService({ repo: repos.findings, campaigns }),
      account,
      auth,
      triage,
      weightsAdmin,
      narratives,
      webhookSnapshots,
      monitoring,
      monitoredBrands,
      reports: createReportsService({ repo: reportsRepo, blobs: infra.blobs }),
      takedowns: createTakedownsService({
        repo: createTakedownsRepository(db),
        worker,
        auditEvents: repos.auditEvents,
      }),
      media: createMediaService({ repo: createMediaRepository(db), blobs: infra.blobs }),
    },
    deps: {
      sessions,
      sessionStreams,
      worker,
      auditEvents: repos.auditEvents,
      campaigns,
      // Admins work on another user's data only by naming them; changes and (windowed) reads are audited.
      actFor: createActFor({
        users: repos.users,
        auditEvents: repos.auditEvents,
        kv: infra.kv,
        scanOwner: async (id) => (await repos.scans.findById(id))?.user_id ?? null,
      }),
    },
    async close() {
      sessionStreams.stop();
      await consumer.stop();
      await worker.close();
      await outbound.close();
    },
  };
}

export type WebContainer = ReturnType<typeof createWebContainer>;
