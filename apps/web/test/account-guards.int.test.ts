import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { createGuardedAgent } from "@brandwarden/platform/net/guarded-agent";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { startWebhook, type RunningWebhook } from "@brandwarden/world/services/webhook";
import { deliverWebhook } from "../src/modules/webhooks/webhook-delivery.ts";
import { EXPAND_KEYWORDS_JOB } from "../src/queue/job-names.ts";
import { PROFILE_SAVE_LIMIT, REENRICH_LIMIT } from "../src/modules/brand-profile/profile-guards.ts";
import { newWebhookSecret } from "../src/lib/webhook-signature.ts";
import { browserAgent } from "./browser-agent.ts";
import { insertScan, insertUser } from "./factories.ts";
import { startTestWeb, webhookStores, type TestWeb } from "./harness.ts";
import { startStubWorker, type StubWorker } from "./stub-worker.ts";

const PROFILE = {
  brand_name: "Acme Bank",
  owned_domains: ["acmebank.com"],
  webhook_url: null as string | null,
};

// The rate limits live in the key-value store and the webhook rule is config, so one database
// variant is enough here; ALLOW_PRIVATE_NETWORK is off, as in production.
describe("per-user limits on costly account actions, and https-only webhooks", () => {
  let t: TestWeb;
  let worker: StubWorker;
  let hook: RunningWebhook;
  beforeAll(async () => {
    worker = await startStubWorker();
    worker.answer("/domain/enrich", 202, { accepted: true });
    worker.answer("/brand/keyword_expand", 202, { accepted: true });
    hook = await startWebhook({ mode: "up", delay_ms: 0 }, "127.0.0.1", 0);
    // The queue is started by the keyword test, after the saves, so what waits can be counted.
    t = await startTestWeb("pglite", { WORKER_URL: worker.url });
  });
  afterAll(async () => {
    await t?.close();
    await worker?.close();
    await hook?.close();
  });

  it("refuses a plain http webhook URL on save with a 422 that says why; https is accepted", async () => {
    const a = browserAgent(t.app);
    await a.signup("hooks@example.test");
    const http = await a.put("/account", { ...PROFILE, webhook_url: "http://hooks.example/bw" });
    expect(http.statusCode).toBe(422);
    expect(http.json().message).toMatch(/webhook_url: the webhook URL must use https:\/\//);
    const https = await a.put("/account", { ...PROFILE, webhook_url: "https://hooks.example/bw" });
    expect(https.statusCode).toBe(200);
    expect(https.json().webhook_url).toBe("https://hooks.example/bw");
  });

  it("does not deliver to a plain http URL stored earlier, even where the network would carry it", async () => {
    const user = await insertUser(t.db, {
      webhook_url: `${hook.url}/hooks/plain`,
      webhook_secret: newWebhookSecret(),
    });
    const scan = await insertScan(t.db, user.id, { status: "failed", completed_at: new Date() });
    const warnings: Array<Record<string, unknown>> = [];
    const logger = {
      info: () => undefined,
      warn: (obj: Record<string, unknown>, msg: string) => void warnings.push({ ...obj, msg }),
    } as unknown as Logger;
    const agent = createGuardedAgent({ allowPrivateNetwork: true }); // the network is not what stops it
    const deps = {
      ...webhookStores(t),
      agent,
      logger,
      snapshotLinks: { urlFor: () => ({ url: "https://brandwarden.test/s", expires_at: "" }) } as never,
    };
    const job = { scan_id: scan.id, event: "scan.failed" as const };
    expect(await deliverWebhook({ ...deps, allowPrivateNetwork: false }, job)).toBe(false);
    expect(hook.requests().filter((r) => r.path === "/hooks/plain")).toEqual([]);
    expect(warnings).toEqual([
      expect.objectContaining({ msg: "webhook not sent", reason: expect.stringMatching(/must use https/) }),
    ]);
    // The same URL with private networks allowed (the test world) is delivered.
    expect(await deliverWebhook({ ...deps, allowPrivateNetwork: true }, job)).toBe(true);
    expect(hook.requests().filter((r) => r.path === "/hooks/plain")).toHaveLength(1);
    await agent.close();
  });

  it("limits profile saves per user: 429 with Retry-After past the limit, other users unaffected", async () => {
    const a = browserAgent(t.app);
    await a.signup("saver@example.test");
    for (let i = 0; i < PROFILE_SAVE_LIMIT.max; i++)
      expect((await a.put("/account", PROFILE)).statusCode).toBe(200);
    const over = await a.put("/account", PROFILE);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      error: "rate_limited",
      message: expect.stringMatching(/profile saves/),
    });
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(over.headers["retry-after"])).toBeLessThanOrEqual(PROFILE_SAVE_LIMIT.windowMs / 1000);

    const b = browserAgent(t.app);
    await b.signup("other-saver@example.test");
    expect((await b.put("/account", PROFILE)).statusCode).toBe(200);
  });

  it("limits re-enrichment per user with 429 and Retry-After", async () => {
    const a = browserAgent(t.app);
    await a.signup("reenrich@example.test");
    const saved = await a.put("/account", PROFILE);
    const domainId = saved.json().owned_domains[0].id as string;
    for (let i = 0; i < REENRICH_LIMIT.max; i++)
      expect((await a.post(`/account/domains/${domainId}/reenrich`)).statusCode).toBe(200);
    const over = await a.post(`/account/domains/${domainId}/reenrich`);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/re-enrichments/);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("keeps one waiting keyword expansion per user however often the profile is saved", async () => {
    const a = browserAgent(t.app);
    const user = await a.signup("keywords@example.test");
    const queue = t.container.infra.queue;
    const enqueue = vi.spyOn(queue, "enqueue");
    for (let i = 0; i < 8; i++) expect((await a.put("/account", PROFILE)).statusCode).toBe(200);
    const expansions = enqueue.mock.calls.filter(([name]) => name === EXPAND_KEYWORDS_JOB);
    expect(expansions).toHaveLength(8);
    expect(new Set(expansions.map(([, , opts]) => opts?.jobId))).toEqual(
      new Set([`expand-keywords-${user.id}`]),
    );
    enqueue.mockRestore();

    // Started only now, the queue holds one expansion for the eight saves: the latest profile.
    await queue.start();
    const mine = () =>
      worker.calls.filter(
        (c) => c.path === "/brand/keyword_expand" && (c.body as { user_id: string }).user_id === user.id,
      );
    await waitFor(() => mine().length > 0, "keyword expansion");
    await queue.close();
    expect(mine().map((c) => c.body)).toEqual([{ user_id: user.id, generation: 8 }]);
  });
});
