import type { Dispatcher } from "undici";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../../db/client.ts";
import type { TWebhookJob } from "../../queue/job-payloads.ts";
import type { CampaignsService } from "../findings/campaigns.service.ts";
import type { ReportsService } from "../reports/reports.service.ts";
import type { ScansService } from "../scans/scans.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { createSnapshotLinks } from "./snapshot-links.ts";
import { deliverWebhook } from "./webhook-delivery.ts";
import { createWebhookSnapshotRepository } from "./webhook-snapshot.repository.ts";
import { createWebhookSnapshotService } from "./webhook-snapshot.service.ts";

/**
 * A scan's webhooks: the signed payload sent to the user's URL (by a job), with a signed,
 * expiring URL from which the receiver pages the whole snapshot.
 */
export function createWebhooksModule(deps: {
  db: Db;
  blobs: BlobStore;
  campaigns: Pick<CampaignsService, "forScan">;
  reports: Pick<ReportsService, "find">;
  users: Pick<UsersService, "findById">;
  scans: Pick<ScansService, "findById" | "domainFindings" | "socialFindings">;
  /** The SSRF-guarded outbound agent. */
  agent: Dispatcher;
  /** Webhooks may use plain http only when private networks are allowed. */
  allowPrivateNetwork: boolean;
  /** Signs the snapshot URLs. */
  secret: string;
  publicUrl: string;
  logger: Logger;
}) {
  const snapshotLinks = createSnapshotLinks({ secret: deps.secret, publicUrl: deps.publicUrl });
  const delivery = { ...deps, snapshotLinks };
  return {
    webhookSnapshots: createWebhookSnapshotService({
      repo: createWebhookSnapshotRepository(deps.db),
      links: snapshotLinks,
      campaigns: deps.campaigns,
    }),
    /** Sends the scan's webhook (the webhook delivery job's work); false when there is nothing to send. */
    deliverWebhook: (job: TWebhookJob) => deliverWebhook(delivery, job),
  };
}
