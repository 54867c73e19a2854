import type { Dispatcher } from "undici";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../db/client.ts";
import type { AuditEventsRepository } from "../modules/audit-events/audit-events.repository.ts";
import type { BrandRepository } from "../modules/brand/brand.repository.ts";
import type { CampaignsService } from "../modules/findings/campaigns.service.ts";
import type { ReportsRepository } from "../modules/reports/reports.repository.ts";
import type { ScansRepository } from "../modules/scans/scans.repository.ts";
import type { ScansService } from "../modules/scans/scans.service.ts";
import type { UsersRepository } from "../modules/users/users.repository.ts";
import type { WorkerClient } from "../worker-client/worker-client.ts";
import type { SnapshotLinks } from "../modules/webhooks/snapshot-links.ts";
import { defineEnrichDomainJob } from "./enrich-domain.job.ts";
import { defineEnrichSocialHandleJob } from "./enrich-social-handle.job.ts";
import { defineExpandKeywordsJob } from "./expand-keywords.job.ts";
import { defineReportGenerationJob } from "./report-generation.job.ts";
import { defineWebhookDeliveryJob } from "./webhook-delivery.job.ts";
import { defineWeeklyRescanJob } from "./weekly-rescan.job.ts";

/** Every background job of the web application (contract 4.4), one definition file each. */
export function defineJobs(
  queue: JobQueue,
  deps: {
    db: Db;
    users: UsersRepository;
    scans: ScansRepository;
    brand: BrandRepository;
    reports: ReportsRepository;
    campaigns: CampaignsService;
    auditEvents: AuditEventsRepository;
    worker: WorkerClient;
    blobs: BlobStore;
    outbound: Dispatcher;
    /** Webhooks may use plain http only when private networks are allowed. */
    allowPrivateNetwork: boolean;
    logger: Logger;
    scansService: ScansService;
    snapshotLinks: SnapshotLinks;
  },
): void {
  defineEnrichDomainJob(queue, { ...deps, dispatchDeferred: deps.scansService.dispatchDeferred });
  defineEnrichSocialHandleJob(queue, deps);
  defineExpandKeywordsJob(queue, deps);
  defineReportGenerationJob(queue, deps);
  defineWebhookDeliveryJob(queue, { ...deps, agent: deps.outbound });
  defineWeeklyRescanJob(queue, { ...deps, scansService: deps.scansService });
}
