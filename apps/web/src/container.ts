import { createGuardedAgent } from "@brandwarden/platform/net/guarded-agent";
import type { WebAdapters } from "./adapters.ts";
import type { WebConfig } from "./config.ts";
import { listDeadLetters, replayDeadLetters } from "./events/dead-letters.ts";
import { chainLogHandlers, createEventConsumer } from "./events/event-consumer.ts";
import { defineJobs } from "./jobs/define-jobs.ts";
import { createDependencyWait } from "./lib/dependency-wait.ts";
import { createScanStreamHub } from "./lib/scan-stream.ts";
import { createAiAuditModule } from "./modules/ai-audit/ai-audit.module.ts";
import { createApiTokensModule } from "./modules/api-tokens/api-tokens.module.ts";
import { createAlertsModule } from "./modules/alerts/alerts.module.ts";
import { createAuditEventsModule } from "./modules/audit-events/audit-events.module.ts";
import { createBrandProfileModule } from "./modules/brand-profile/brand-profile.module.ts";
import { createFindingsModule } from "./modules/findings/findings.module.ts";
import { createMediaModule } from "./modules/media/media.module.ts";
import { createMonitoringModule } from "./modules/monitoring/monitoring.module.ts";
import { createReportsModule } from "./modules/reports/reports.module.ts";
import { createScansModule } from "./modules/scans/scans.module.ts";
import { createScoringModule } from "./modules/scoring/scoring.module.ts";
import { createSessionsModule } from "./modules/sessions/sessions.module.ts";
import { createSettingsModule } from "./modules/settings/settings.module.ts";
import { createTakedownsModule } from "./modules/takedowns/takedowns.module.ts";
import { createMispExport } from "./modules/threat-intel/misp-export.module.ts";
import { createThreatIntelModule } from "./modules/threat-intel/threat-intel.module.ts";
import { createTriageModule } from "./modules/triage/triage.module.ts";
import { createUsersModule } from "./modules/users/users.module.ts";
import { createWebhooksModule } from "./modules/webhooks/webhooks.module.ts";
import { createWorkerClient } from "./worker-client/worker-client.ts";
import { createWebMetrics } from "./metrics.ts";
import { instrumentQueue } from "@brandwarden/platform/metrics/queue-metrics";

/**
 * Wires the web application: each module's factory builds its repositories and services from the
 * adapters, the config and the services of the modules it uses; then the event consumer, the
 * reconciler and the jobs are given theirs. Where two modules call each other, one of the calls
 * is a function resolved when it runs (never at wiring time).
 */
export function createWebContainer(
  config: WebConfig,
  infra: WebAdapters,
  secrets: { sessionSecret: string; snapshotLinkSecret: string },
) {
  const { db, kv, queue, blobs, logger } = infra;
  // What GET /metrics serves: HTTP (app.ts), the job queue's depth and failures, the event consumer.
  const metrics = createWebMetrics();
  const { publicUrl, allowPrivateNetwork } = config;
  // Browser pushes reach every web process (the one applying a scan's events may not be the one its owner's browser is on).
  const hub = createScanStreamHub({ bus: infra.bus, prefix: config.eventChannelPrefix, logger });
  const worker = createWorkerClient({ baseUrl: config.workerUrl, token: config.internalApiToken });
  const outbound = createGuardedAgent({ allowPrivateNetwork });

  const { auditEvents } = createAuditEventsModule({ db });
  const { users } = createUsersModule({ db, auditEvents });
  const { apiTokens } = createApiTokensModule({ db, kv });
  const { settings } = createSettingsModule({
    db,
    secretKey: config.settingsEncryptionKey ?? secrets.sessionSecret,
  });
  const sessions = createSessionsModule({
    db,
    kv,
    users,
    auditEvents,
    scanOwner: async (id) => (await scans.findById(id))?.user_id ?? null,
    session: config.session,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    publicUrl,
    logger,
  });
  const brand = createBrandProfileModule({
    db,
    queue,
    kv,
    blobs,
    users,
    dispatchDeferred: (userId) => scans.dispatchDeferred(userId),
    enrichmentStaleMs: config.enrichmentStaleMs,
    enrichmentRetries: config.enrichmentRetries,
    allowPrivateNetwork,
    publicUrl,
    logger,
  });
  const { scoring, weightsAdmin } = createScoringModule({
    db,
    users,
    minLabeledSamples: config.minLabeledSamples,
  });
  const { alerts, deliverAlert } = createAlertsModule({
    db,
    queue,
    users,
    agent: outbound,
    allowPrivateNetwork,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    publicUrl,
    logger,
  });
  // Monitoring (issue 21): tracked lookalikes, change detection, the watch; it raises alerts.
  const monitoring = createMonitoringModule({
    db,
    users,
    brandContext: brand.brandContext,
    alerts,
    worker,
    logger,
    watchCycle: { intervalMs: config.watchIntervalMs, fullCycleMs: config.watchFullCycleMs },
  });
  const { triage } = createTriageModule({ db, learner: scoring, lookalikes: monitoring.lookalikes });
  const { reports, narratives } = createReportsModule({ db, kv, blobs, worker, auditEvents });
  const scanning = createScansModule({
    db,
    bus: infra.bus,
    kv,
    queue,
    hub,
    worker,
    brandContext: brand.brandContext,
    users,
    auditEvents,
    reports,
    onCompleted: monitoring.onScanCompleted,
    eventChannelPrefix: config.eventChannelPrefix,
    silenceLimitMs: config.scanSilenceLimitMs,
    autoResumes: config.scanAutoResumes,
    sweepEnrichment: () => brand.enrichment.sweepPending(),
    logger,
  });
  const { scans } = scanning;
  const found = createFindingsModule({ db, blobs, hub, scans, logger });
  const threatIntel = createThreatIntelModule({ db, campaigns: found.campaigns, publicUrl });
  const { aiAudit } = createAiAuditModule({
    db,
    blobs,
    scans,
    users,
    brandContext: brand.brandContext,
    settings,
    publicUrl,
  });
  const webhooks = createWebhooksModule({
    db,
    blobs,
    campaigns: found.campaigns,
    reports,
    users,
    scans,
    agent: outbound,
    allowPrivateNetwork,
    secret: secrets.snapshotLinkSecret,
    publicUrl,
    logger,
  });

  // Takedown cases (issue 29): they move tracked lookalikes and send e-mail of their own.
  const takedownModule = createTakedownsModule({
    db,
    queue,
    kv,
    blobs,
    worker,
    auditEvents,
    users,
    brand: brand.brandContext,
    lookalikes: monitoring.lookalikes,
    outcome: monitoring.takedownOutcome,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    takedowns: config.takedowns,
    logger,
  });

  // The MISP export (issue 30): a scan's findings, campaigns and takedown cases as one event.
  const misp = createMispExport({
    scans,
    findings: found.findings,
    campaigns: found.campaigns,
    cases: takedownModule.takedownCases,
    users,
    brand: brand.brandContext,
    blobs,
  });

  const wait = createDependencyWait({ logger, pingDb: infra.pingDb });
  const consumer = createEventConsumer({
    bus: infra.bus,
    prefix: config.eventChannelPrefix,
    logger,
    wait,
    ...config.events,
    consumerName: config.consumerName,
    onLoss: (loss) => scans.failLost(loss),
    push: hub,
    observe: metrics.events,
    handlers: {
      scan_update: scanning.scanUpdate,
      findings_initial: found.events.findingsInitial,
      findings_delta: found.events.findingsDelta,
      social_findings_initial: found.events.socialFindings,
      social_findings_delta: found.events.socialFindings,
      domain_profile: brand.enrichment.domainProfile,
      social_profile: brand.enrichment.socialProfile,
      // Keyword-expansion failures (no scan, a user) are kept for the brand profile page.
      log: chainLogHandlers(scanning.scanLog, brand.keywordExpansionLog),
      watch_update: monitoring.events.watchUpdate,
      alert: monitoring.events.alert,
    },
  });

  defineJobs(instrumentQueue(queue, metrics.registry), {
    enrichment: brand.enrichment,
    users,
    scans,
    reports,
    deliverWebhook: webhooks.deliverWebhook,
    deliverAlert,
    rescanDueUsers: scanning.rescanDueUsers,
    watch: monitoring.watch,
    takedownEvidence: takedownModule.takedownEvidence,
    takedownSending: takedownModule.takedownSending,
    takedownChecks: takedownModule.takedownChecks,
    worker,
    blobs,
    logger,
  });

  return {
    config,
    infra,
    metrics,
    hub,
    consumer,
    wait,
    /** Events dead-lettered as poison: listed, or applied again (`brandwarden events replay`). */
    deadLetters: {
      list: () => listDeadLetters(infra.bus, config.eventChannelPrefix),
      replay: () =>
        replayDeadLetters({
          bus: infra.bus,
          prefix: config.eventChannelPrefix,
          apply: consumer.apply,
          logger,
        }),
    },
    reconciler: scanning.reconciler,
    sessionSecret: secrets.sessionSecret,
    services: {
      users,
      settings,
      scoring,
      aiAudit,
      scans,
      findings: found.findings,
      brandProfile: brand.brandProfile,
      enrichment: brand.enrichment,
      brandContext: brand.brandContext,
      monitoredBrands: brand.monitoredBrands,
      auth: sessions.auth,
      apiTokens,
      triage,
      weightsAdmin,
      narratives,
      webhookSnapshots: webhooks.webhookSnapshots,
      monitoring,
      alerts,
      reports,
      intel: threatIntel.intel,
      ...takedownModule,
      ...misp,
      ...createMediaModule({ db, blobs }),
    },
    deps: {
      sessions: sessions.sessions,
      sessionStreams: sessions.sessionStreams,
      worker,
      auditEvents,
      campaigns: found.campaigns,
      actFor: sessions.actFor,
    },
    async close() {
      sessions.sessionStreams.stop();
      await consumer.stop();
      await worker.close();
      await outbound.close();
    },
  };
}

export type WebContainer = ReturnType<typeof createWebContainer>;
