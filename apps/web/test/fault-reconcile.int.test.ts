import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { startWebhook, type RunningWebhook } from "@brandwarden/world/services/webhook";
import { ownedDomains, reports, scans } from "../src/db/schema.ts";
import { newWebhookSecret } from "../src/lib/webhook-signature.ts";
import { insertScan, insertUser } from "./factories.ts";
import { dbVariants, startTestWeb, type TestWeb } from "./harness.ts";
import { startStubWorker, type StubWorker } from "./stub-worker.ts";

const PDF = Buffer.from("%PDF-1.7\n% report\n");
const MIN = 60_000;

// What a process killed at the wrong moment leaves behind, and the reconciliation that finishes it.
for (const { variant, status } of await dbVariants()) {
  describe(`reconciliation after a kill on ${variant}`, () => {
    let t: TestWeb;
    let hook: RunningWebhook;
    let worker: StubWorker;
    beforeAll(async () => {
      status?.assertAvailable();
      hook = await startWebhook({ mode: "up", delay_ms: 0 }, "127.0.0.1", 0);
      worker = await startStubWorker();
      t = await startTestWeb(
        variant,
        {
          ALLOW_PRIVATE_NETWORK: "true",
          WORKER_URL: worker.url,
          ENRICHMENT_STALE_AFTER: "5m",
          ENRICHMENT_RETRIES: "2",
        },
        { consume: true },
      );
    });
    afterAll(async () => {
      await t?.close();
      await hook?.close();
      await worker?.close();
    });

    const scanRow = async (id: string) => (await t.db.select().from(scans).where(eq(scans.id, id)))[0]!;

    it("sends the scan.completed webhook a kill between report `ready` and its enqueue lost, once", async () => {
      const path = `/hooks/${variant}-kill`;
      const user = await insertUser(t.db, {
        webhook_url: `${hook.url}${path}`,
        webhook_secret: newWebhookSecret(),
      });
      // The kill window: the scan ended and was announced, its report is ready, no webhook was enqueued.
      const scan = await insertScan(t.db, user.id, {
        completed_at: new Date(),
        ended_announced_at: new Date(),
      });
      const key = await t.container.infra.blobs.put(PDF);
      await t.db
        .insert(reports)
        .values({ scan_id: scan.id, status: "ready", full_key: key, summary_key: key });
      expect((await scanRow(scan.id)).webhook_state).toBeNull();

      const first = await t.container.reconciler.reconcile();
      expect(first.webhooks).toBe(1);
      await waitFor(
        async () => (await scanRow(scan.id)).webhook_state === "delivered",
        "webhook delivered",
        10_000,
      );
      const received = () => hook.requests().filter((r) => r.path === path);
      expect(received()).toHaveLength(1);
      expect(JSON.parse(String(received()[0]!.body))).toMatchObject({ type: "scan.completed" });

      // Reconciling again (every minute, and at each start) sends nothing more.
      const again = await t.container.reconciler.reconcile();
      expect(again.webhooks).toBe(0);
      expect(received()).toHaveLength(1);
    });

    it("asks again for an owned domain whose profile never came, then fails it so the deferred scan dispatches", async () => {
      worker.answer("/domain/enrich", 202, {});
      const user = await insertUser(t.db);
      const [domain] = await t.db
        .insert(ownedDomains)
        .values({ user_id: user.id, domain: `acme-${variant}.example`, enrichment_status: "pending" })
        .returning();
      // The worker answered /domain/enrich and died: the domain stays pending, the scan is deferred.
      const started = await t.container.services.scans.start({ id: user.id, admin: false });
      expect((await scanRow(started.id)).status).toBe("pending");
      const asked = () => worker.calls.filter((c) => c.path === "/domain/enrich" && (c.body as { owned_domain_id: string }).owned_domain_id === domain!.id).length; // prettier-ignore
      const sweep = t.container.services.enrichment.sweepPending;
      const t0 = domain!.updated_at.getTime();

      expect(await sweep(new Date(t0 + 4 * MIN))).toEqual({ retried: 0, failed: 0 });
      expect(await sweep(new Date(t0 + 6 * MIN))).toEqual({ retried: 1, failed: 0 });
      await waitFor(() => asked() === 1, "the worker asked again");
      expect(await sweep(new Date(t0 + 8 * MIN))).toEqual({ retried: 0, failed: 0 });
      expect(await sweep(new Date(t0 + 12 * MIN))).toEqual({ retried: 1, failed: 0 });
      await waitFor(() => asked() === 2, "the worker asked a third time");
      expect((await scanRow(started.id)).status).toBe("pending");

      expect(await sweep(new Date(t0 + 18 * MIN))).toEqual({ retried: 0, failed: 1 });
      const [failed] = await t.db.select().from(ownedDomains).where(eq(ownedDomains.id, domain!.id));
      expect(failed!.enrichment_status).toBe("failed");
      expect(failed!.enrichment_error).toMatch(/never reported this domain's profile \(asked 3 times/);
      expect((await scanRow(started.id)).status).toBe("queued");
      expect(worker.calls.some((c) => c.path === "/scan/start" && (c.body as { scan_id: string }).scan_id === started.id)).toBe(true); // prettier-ignore
    });
  });
}
