import { randomUUID } from "node:crypto";
import { request, type Dispatcher } from "undici";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { webhookUrlProblem } from "../../lib/webhook-url.ts";
import type { TWebhookJob } from "../../queue/job-payloads.ts";
import type { CampaignsService } from "../findings/campaigns.service.ts";
import type { ReportsService } from "../reports/reports.service.ts";
import type { ScansService } from "../scans/scans.service.ts";
import type { UsersService } from "../users/users.service.ts";
import type { SnapshotLinks } from "./snapshot-links.ts";
import { buildWebhookPayload } from "./webhook-payload.ts";
import { signWebhook } from "../../lib/webhook-signature.ts";
import { SNAPSHOT_PAGE_SIZE } from "./webhook-snapshot.service.ts";

export interface WebhookDeps {
  reports: Pick<ReportsService, "find">;
  /** The scan's campaigns, named and described as the dashboard shows them. */
  campaigns: Pick<CampaignsService, "forScan">;
  users: Pick<UsersService, "findById">;
  scans: Pick<ScansService, "findById" | "domainFindings" | "socialFindings">;
  blobs: BlobStore;
  agent: Dispatcher;
  /** ALLOW_PRIVATE_NETWORK: plain http receivers are allowed too (https only otherwise). */
  allowPrivateNetwork: boolean;
  logger: Logger;
  snapshotLinks: SnapshotLinks;
  /** Overrides WEBHOOK_INLINE_LIMIT_BYTES (tests). */
  inlineLimitBytes?: number;
}

/**
 * POSTs the scan snapshot (every finding, social finding and campaign, or the worst first up to
 * the inline limit plus a signed snapshot URL paging all of them) and both PDFs (base64, after
 * completion) to the user's webhook_url, signed in the Standard Webhooks style, through the
 * SSRF-guarded agent, over https only (unless private networks are allowed). Throws when the
 * receiver did not take it (2xx); returns false when there is nothing to send or the stored URL
 * may not receive it (a plain http URL saved before the https rule: logged, not retried).
 */
export async function deliverWebhook(deps: WebhookDeps, job: TWebhookJob): Promise<boolean> {
  const { scan_id, event } = job;
  const scan = await deps.scans.findById(scan_id);
  const user = scan && (await deps.users.findById(scan.user_id));
  if (!scan || !user?.webhook_url || !user.webhook_secret) return false;
  const refused = webhookUrlProblem(user.webhook_url, deps.allowPrivateNetwork);
  if (refused) {
    deps.logger.warn({ scan_id, event, user_id: user.id, reason: refused }, "webhook not sent");
    return false;
  }
  const report = await deps.reports.find(scan_id);
  const pdf = async (key: string | null | undefined) =>
    key ? ((await deps.blobs.get(key))?.toString("base64") ?? null) : null;
  const body = JSON.stringify(
    buildWebhookPayload({
      event,
      scan,
      findings: await deps.scans.domainFindings(scan_id),
      socialFindings: await deps.scans.socialFindings(scan_id),
      campaigns: await deps.campaigns.forScan(scan_id),
      pdfs:
        event === "scan.completed" && report?.status === "ready"
          ? { full: await pdf(report.full_key), summary: await pdf(report.summary_key) }
          : null,
      snapshot: {
        ...deps.snapshotLinks.urlFor(scan_id, user.snapshot_link_generation),
        page_size: SNAPSHOT_PAGE_SIZE,
      },
      inlineLimitBytes: deps.inlineLimitBytes,
    }),
  );
  const id = `msg_${randomUUID()}`;
  const res = await request(user.webhook_url, {
    method: "POST",
    dispatcher: deps.agent,
    headers: {
      "content-type": "application/json",
      ...signWebhook(user.webhook_secret, id, Math.floor(Date.now() / 1000), body),
    },
    body,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  await res.body.dump();
  if (res.statusCode >= 300) throw new Error(`webhook receiver answered ${res.statusCode}`);
  deps.logger.info({ scan_id, event, status: res.statusCode, bytes: body.length }, "webhook delivered");
  return true;
}
