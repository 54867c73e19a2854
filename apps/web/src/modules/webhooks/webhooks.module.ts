import type { Db } from "../../db/client.ts";
import type { TWebhookJob } from "../../queue/job-payloads.ts";
import { createSnapshotLinks } from "./snapshot-links.ts";
import { deliverWebhook, type WebhookDeps } from "./webhook-delivery.ts";
import { createWebhookSnapshotRepository } from "./webhook-snapshot.repository.ts";
import { createWebhookSnapshotService } from "./webhook-snapshot.service.ts";

/**
 * A scan's webhooks: the signed payload sent to the user's URL (by a job), with a signed,
 * expiring URL from which the receiver pages the whole snapshot.
 */
export function createWebhooksModule(
  deps: Omit<WebhookDeps, "snapshotLinks" | "inlineLimitBytes"> & {
    db: Db;
    /** Signs the snapshot URLs. */
    secret: string;
    publicUrl: string;
  },
) {
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
