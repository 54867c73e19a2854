import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { createGuardedAgent } from "@brandwarden/platform/net/guarded-agent";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { startWebhook, type RunningWebhook } from "@brandwarden/world/services/webhook";
import { reports, socialFindings, users } from "../src/db/schema.ts";
import { deliverWebhook } from "../src/modules/webhooks/webhook-delivery.ts";
import { WEBHOOK_JOB } from "../src/queue/job-names.ts";
import { createSnapshotLinks } from "../src/modules/webhooks/snapshot-links.ts";
import { newWebhookSecret } from "../src/lib/webhook-signature.ts";
import { insertDomainFindings, insertScan, insertUser } from "./factories.ts";
import {
  dbVariants,
  startTestWeb,
  TEST_SNAPSHOT_LINK_SECRET,
  webhookStores,
  type TestWeb,
} from "./harness.ts";

const FINDINGS = 620; // past the old cap of 25, and more than one snapshot page (500)
const SOCIAL = 12;
const PDF = Buffer.from("%PDF-1.7\n% the full report\n");

/** Standard Webhooks verification, written from the spec rather than with the sender's code. */
function verify(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key)
    .update(`${String(headers["webhook-id"])}.${String(headers["webhook-timestamp"])}.${body}`)
    .digest("base64");
  return String(headers["webhook-signature"])
    .split(" ")
    .some((s) => s === `v1,${expected}`);
}

type Body = {
  type: string;
  data: {
    scan: { scan_id: string };
    summary: { domains: number; social: number; campaigns: number };
    campaigns: Array<{
      campaign_id: string;
      name: string;
      size: number;
      keys: string[];
      evidence: Array<{ key: string; text: string; members: number }>;
    }>;
    findings: Array<{ domain: string; score: number }>;
    social_findings: Array<{ handle: string }>;
    complete: boolean;
    snapshot: { url: string; expires_at: string; page_size: number };
    report: { full: string; summary: string } | null;
  };
};

// What a webhook receiver gets, checked at the world's receiver: the whole scan snapshot (every
// domain and social finding and campaign), the PDFs, a valid signature; past the inline limit the
// worst findings inline and a signed snapshot URL that pages the rest.
for (const { variant, status } of await dbVariants()) {
  describe(`webhook delivery on ${variant}`, () => {
    let t: TestWeb;
    let hook: RunningWebhook;
    beforeAll(async () => {
      status?.assertAvailable();
      hook = await startWebhook({ mode: "up", delay_ms: 0 }, "127.0.0.1", 0);
      t = await startTestWeb(variant, { ALLOW_PRIVATE_NETWORK: "true" }, { consume: true });
    });
    afterAll(async () => {
      await t?.close();
      await hook?.close();
    });

    async function completedScan(path: string) {
      const secret = newWebhookSecret();
      const user = await insertUser(t.db, { webhook_url: `${hook.url}${path}`, webhook_secret: secret });
      const scan = await insertScan(t.db, user.id, { status: "completed", completed_at: new Date() });
      await insertDomainFindings(
        t.db,
        Array.from({ length: FINDINGS }, (_, i) => ({
          scan_id: scan.id,
          user_id: user.id,
          domain: `acme-${String(i).padStart(3, "0")}.example`,
          score: i % 100,
          severity: i % 100 >= 80 ? "critical" : "low",
          campaign_id: i < 30 ? `camp-${i % 3}` : null,
          campaign_keys: i < 30 ? [`ip:203.0.113.${i % 3}`] : null,
          page_title: `Acme Bank sign-in ${"x".repeat(200)}`,
        })),
      );
      await t.db.insert(socialFindings).values(
        Array.from({ length: SOCIAL }, (_, i) => ({
          scan_id: scan.id,
          user_id: user.id,
          platform: "x",
          handle: `acme_${i}`,
          score: 40 + i,
        })),
      );
      const blobs = t.container.infra.blobs;
      await t.db.insert(reports).values({
        scan_id: scan.id,
        status: "ready",
        full_key: await blobs.put(PDF),
        summary_key: await blobs.put(PDF),
      });
      return { user, scan, secret };
    }

    it("sends every finding, social finding and campaign with both PDFs, signed, well past the old 25-finding cap", async () => {
      const { scan, secret } = await completedScan("/hooks/all");
      await t.container.infra.queue.enqueue(WEBHOOK_JOB, { scan_id: scan.id, event: "scan.completed" });
      await waitFor(() => hook.requests().some((r) => r.path === "/hooks/all"), "webhook", 15_000);
      const req = hook.requests().find((r) => r.path === "/hooks/all")!;
      expect(verify(secret, req.headers, req.body)).toBe(true);
      const body = JSON.parse(req.body) as Body;
      expect(body.type).toBe("scan.completed");
      expect(body.data.complete).toBe(true);
      expect(body.data.summary).toMatchObject({ domains: FINDINGS, social: SOCIAL, campaigns: 3 });
      expect(body.data.findings).toHaveLength(FINDINGS);
      expect(new Set(body.data.findings.map((f) => f.domain)).size).toBe(FINDINGS);
      expect(body.data.findings[0]!.score).toBe(99); // worst first
      expect(body.data.social_findings).toHaveLength(SOCIAL);
      expect(body.data.campaigns.map((c) => c.size)).toEqual([10, 10, 10]);
      // Each campaign is named and described as the dashboard shows it, not by its id and raw keys.
      const shown = await t.container.deps.campaigns.forScan(scan.id);
      expect(body.data.campaigns).toEqual(shown);
      expect(body.data.campaigns[0]).toMatchObject({
        name: expect.stringContaining("10 domains"),
        kind: "attack",
        evidence: [expect.objectContaining({ key: expect.stringMatching(/^ip:/), members: 10 })],
      });
      // Every campaign carries its readable name and evidence beside the contract's cluster fields.
      for (const c of body.data.campaigns) {
        const ip = c.keys[0]!.replace(/^ip:/, "");
        expect(c.name).toBe(`${ip} · 10 domains`);
        expect(c.evidence[0]!.text).toBe(`same IP address ${ip}: all 10 domains`);
        expect(Object.keys(c)).toEqual(
          expect.arrayContaining([
            "campaign_id",
            "size",
            "domains",
            "keys",
            "earliest_registration",
            "latest_registration",
          ]),
        );
      }
      expect(Buffer.from(body.data.report!.full, "base64").equals(PDF)).toBe(true);
      expect(Buffer.from(body.data.report!.summary, "base64").equals(PDF)).toBe(true);
      expect(body.data.snapshot.url).toMatch(/^https:\/\/brandwarden\.test\/webhooks\/snapshots\//);
    });

    it("past the inline limit sends the worst findings and a signed, expiring URL that pages all of them", async () => {
      const { scan, user } = await completedScan("/hooks/paged");
      const links = createSnapshotLinks({
        secret: TEST_SNAPSHOT_LINK_SECRET,
        publicUrl: "https://brandwarden.test",
      });
      const agent = createGuardedAgent({ allowPrivateNetwork: true });
      await deliverWebhook(
        {
          ...webhookStores(t),
          agent,
          allowPrivateNetwork: true,
          logger: createSilentLogger(),
          snapshotLinks: links,
          inlineLimitBytes: 64 * 1024,
        },
        { scan_id: scan.id, event: "scan.completed" },
      );
      await agent.close();
      const req = hook.requests().find((r) => r.path === "/hooks/paged")!;
      const body = JSON.parse(req.body) as Body;
      expect(body.data.complete).toBe(false);
      expect(body.data.findings.length).toBeGreaterThan(0);
      expect(body.data.findings.length).toBeLessThan(FINDINGS);
      expect(body.data.campaigns).toHaveLength(3);

      // The receiver pages everything from the snapshot URL (relative to the web app here).
      const get = (url: string) =>
        t.app.inject({ method: "GET", url: url.replace("https://brandwarden.test", "") });
      const domains: string[] = [];
      for (let url: string | null = body.data.snapshot.url; url;) {
        const page = await get(url);
        expect(page.statusCode).toBe(200);
        const json = page.json() as { items: Array<{ domain: string }>; next: string | null; total: number };
        expect(json.total).toBe(FINDINGS);
        domains.push(...json.items.map((f) => f.domain));
        url = json.next;
      }
      expect(new Set(domains).size).toBe(FINDINGS);
      expect(domains.slice(0, body.data.findings.length)).toEqual(body.data.findings.map((f) => f.domain));
      const social = await get(`${body.data.snapshot.url}&part=social_findings`);
      expect(social.json()).toMatchObject({ total: SOCIAL, next: null });
      const campaigns = (await get(`${body.data.snapshot.url}&part=campaigns`)).json().items;
      expect(campaigns).toHaveLength(3);
      expect(campaigns).toEqual(body.data.campaigns);

      // A tampered, foreign or expired link is refused.
      expect(
        (await get(body.data.snapshot.url.replace(/signature=[^&]+/, "signature=forged"))).statusCode,
      ).toBe(401);
      const other = await insertScan(t.db, user.id);
      expect((await get(body.data.snapshot.url.replace(scan.id, other.id))).statusCode).toBe(401);
      const expired = createSnapshotLinks({
        secret: TEST_SNAPSHOT_LINK_SECRET,
        publicUrl: "https://brandwarden.test",
        now: () => Date.now() - 8 * 24 * 3600 * 1000,
      }).urlFor(scan.id, 0);
      expect((await get(expired.url)).statusCode).toBe(401);
      // The session secret does not sign snapshot links (they have their own key).
      const sessionSigned = createSnapshotLinks({
        secret: t.container.sessionSecret,
        publicUrl: "https://brandwarden.test",
      }).urlFor(scan.id, 0);
      expect((await get(sessionSigned.url)).statusCode).toBe(401);
      // The owner revokes every link sent so far: the webhook's link is refused, a new one works.
      await t.container.services.users.revokeSnapshotLinks(user.id);
      const revoked = await get(body.data.snapshot.url);
      expect(revoked.statusCode).toBe(404);
      expect(revoked.json().message).toMatch(/revoked/);
      expect((await get(links.urlFor(scan.id, 1).url)).statusCode).toBe(200);
      await t.db.update(users).set({ webhook_url: null }).where(eq(users.id, user.id));
    });
  });
}
