import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { request, type Dispatcher } from "undici";
import { z } from "zod";
import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db } from "../db/client.ts";
import { reports } from "../db/schema.ts";
import type { ScansRepository } from "../modules/scans/scans.repository.ts";
import type { UsersRepository } from "../modules/users/users.repository.ts";
import { buildWebhookPayload } from "../modules/webhooks/webhook-payload.ts";
import { signWebhook } from "../modules/webhooks/webhook-signature.ts";
import { WEBHOOK_JOB } from "./job-names.ts";

const ZPayload = z.object({ scan_id: z.uuid(), event: z.enum(["scan.completed", "scan.failed"]) });
const ATTEMPTS = 4;

/**
 * WebhookDeliveryJob: POSTs the scan snapshot (and both PDFs, base64, after completion) to the
 * user's webhook_url, signed in the Standard Webhooks style, through the SSRF-guarded agent.
 * Best-effort: retried with backoff, then logged and dropped; it never fails the scan.
 */
export function defineWebhookDeliveryJob(
  queue: JobQueue,
  deps: {
    db: Db;
    users: UsersRepository;
    scans: ScansRepository;
    blobs: BlobStore;
    agent: Dispatcher;
    logger: Logger;
  },
): void {
  queue.define({
    name: WEBHOOK_JOB,
    parse: (p) => ZPayload.parse(p),
    attempts: ATTEMPTS,
    backoffMs: 2_000,
    concurrency: 4,
    async handler({ scan_id, event }, ctx) {
      const scan = await deps.scans.findById(scan_id);
      const user = scan && (await deps.users.findById(scan.user_id));
      if (!scan || !user?.webhook_url || !user.webhook_secret) return;
      const [report] = await deps.db.select().from(reports).where(eq(reports.scan_id, scan_id));
      const pdf = async (key: string | null | undefined) =>
        key ? ((await deps.blobs.get(key))?.toString("base64") ?? null) : null;
      const body = JSON.stringify(
        buildWebhookPayload({
          event,
          scan,
          findings: await deps.scans.domainFindings(scan_id),
          socialFindings: await deps.scans.socialFindings(scan_id),
          pdfs:
            event === "scan.completed" && report?.status === "ready"
              ? { full: await pdf(report.full_key), summary: await pdf(report.summary_key) }
              : null,
        }),
      );
      const id = `msg_${randomUUID()}`;
      try {
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
        deps.logger.info({ scan_id, event, status: res.statusCode }, "webhook delivered");
      } catch (err) {
        if (ctx.attempt < ATTEMPTS) throw err;
        deps.logger.warn({ scan_id, event, err: (err as Error).message }, "webhook delivery given up");
      }
    },
  });
}
