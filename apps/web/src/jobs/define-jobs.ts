import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { EnrichmentService } from "../modules/brand-profile/enrichment.service.ts";
import type { ReportsService } from "../modules/reports/reports.service.ts";
import type { ScansService } from "../modules/scans/scans.service.ts";
import type { TakedownChecks } from "../modules/takedowns/takedown-checks.ts";
import type { TakedownEvidence } from "../modules/takedowns/takedown-evidence.ts";
import type { TakedownSending } from "../modules/takedowns/takedown-sending.ts";
import type { UsersService } from "../modules/users/users.service.ts";
import type { TWebhookJob } from "../queue/job-payloads.ts";
import type { WorkerClient } from "../worker-client/worker-client.ts";
import { defineAlertDeliveryJob } from "./alert-delivery.job.ts";
import { defineEnrichDomainJob } from "./enrich-domain.job.ts";
import { defineEnrichSocialHandleJob } from "./enrich-social-handle.job.ts";
import { defineExpandKeywordsJob } from "./expand-keywords.job.ts";
import { defineReportGenerationJob } from "./report-generation.job.ts";
import { defineTakedownCheckJob } from "./takedown-check.job.ts";
import { defineTakedownEvidenceJob } from "./takedown-evidence.job.ts";
import { defineTakedownSendJob } from "./takedown-send.job.ts";
import { defineWatchJob } from "./watch.job.ts";
import { defineWebhookDeliveryJob } from "./webhook-delivery.job.ts";
import { defineWeeklyRescanJob } from "./weekly-rescan.job.ts";

/**
 * Every background job of the web application (contract 4.4), one definition file each: its
 * name, payload and retries, calling the services of the modules whose work it does.
 */
export function defineJobs(
  queue: JobQueue,
  deps: {
    enrichment: Pick<
      EnrichmentService,
      "ownedDomainAt" | "failDomain" | "socialHandleAt" | "failSocialHandle"
    >;
    users: Pick<UsersService, "findById">;
    scans: Pick<ScansService, "findById" | "setWebhookState">;
    reports: Pick<ReportsService, "find" | "setStatus" | "markReady">;
    deliverWebhook(job: TWebhookJob): Promise<boolean>;
    deliverAlert(alertId: string, attempt: number): Promise<void>;
    rescanDueUsers(intervalMs: number): Promise<string[]>;
    watch: { runDue(): Promise<unknown> };
    takedownEvidence: Pick<TakedownEvidence, "capture">;
    takedownSending: Pick<TakedownSending, "sendQueued">;
    takedownChecks: Pick<TakedownChecks, "runDue">;
    worker: WorkerClient;
    blobs: BlobStore;
    logger: Logger;
  },
): void {
  defineEnrichDomainJob(queue, deps);
  defineEnrichSocialHandleJob(queue, deps);
  defineExpandKeywordsJob(queue, deps);
  defineReportGenerationJob(queue, deps);
  defineWebhookDeliveryJob(queue, {
    deliver: deps.deliverWebhook,
    setState: (scanId, state) => deps.scans.setWebhookState(scanId, state),
    logger: deps.logger,
  });
  defineWeeklyRescanJob(queue, deps);
  defineAlertDeliveryJob(queue, { deliver: deps.deliverAlert });
  defineWatchJob(queue, deps);
  defineTakedownEvidenceJob(queue, deps);
  defineTakedownSendJob(queue, deps);
  defineTakedownCheckJob(queue, deps);
}
