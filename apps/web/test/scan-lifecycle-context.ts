import { afterAll, beforeAll, beforeEach } from "vitest";
import { eq } from "drizzle-orm";
import pino from "pino";
import type { TEventMessage } from "@brandwarden/contract/events";
import { appendEvent } from "@brandwarden/platform/messaging/event-streams";
import type { TStageState } from "@brandwarden/contract/scan";
import type { ServiceStatus } from "@brandwarden/platform/testing/require-service";
import { startWebhook, type RunningWebhook } from "@brandwarden/world/services/webhook";
import { ownedDomains, scans } from "../src/db/schema.ts";
import type { ScanStreamMessage } from "../src/lib/scan-stream.ts";
import { insertUser } from "./factories.ts";
import { startTestWeb, type DbVariant, type TestWeb } from "./harness.ts";
import { startStubWorker, type StubWorker } from "./stub-worker.ts";

// What the scan lifecycle tests share: a web app consuming the bus on one database variant, a stub
// worker, a webhook receiver, and helpers to publish worker events and read scans back.

export const PREFIX = "brandwarden";
export const PDF = Buffer.from("%PDF-1.7\n%fake but opaque bytes\n").toString("base64");

export const st = (status: TStageState["status"], done = 0, total = 0): TStageState => ({
  status,
  done,
  total,
  started_at: null,
  finished_at: null,
});

export const ALL_DONE = {
  generate: st("completed", 10, 10),
  resolve: st("completed", 10, 10),
  enrich: st("completed", 3, 3),
  social: st("skipped"),
  score: st("completed", 3, 3),
  audit: st("skipped"),
};

export interface ScanLifecycleContext {
  t: TestWeb;
  worker: StubWorker;
  hook: RunningWebhook;
  /** The web app's log lines (messages), in order. */
  logged: string[];
  /** Publishes a worker event on the bus; `seq` rises by itself unless given. */
  publish(
    kind: TEventMessage["kind"],
    scanId: string | undefined,
    data: unknown,
    seq?: number,
  ): Promise<void>;
  /** Takes the next seq for a message published by hand (out of order, duplicated). */
  nextSeq(): number;
  scanRow(id: string): Promise<typeof scans.$inferSelect>;
  /** Collects what the browser stream of a scan receives from now on. */
  streamOf(scanId: string): ScanStreamMessage[];
  /** A user with one owned domain whose profile is complete (override any column). */
  userWithDomain(over?: Partial<typeof ownedDomains.$inferInsert>): Promise<{ id: string }>;
}

/** Registers the suite's set-up and tear-down; the returned fields are usable inside tests. */
export function useScanLifecycle(variant: DbVariant, status: ServiceStatus | null): ScanLifecycleContext {
  // Like a worker: numbered from the clock (µs), so a later run's messages number above an earlier run's.
  let seq = Date.now() * 1000;
  const helpers: Omit<ScanLifecycleContext, "t" | "worker" | "hook" | "logged"> = {
    async publish(kind, scanId, data, s = ++seq) {
      await appendEvent(ctx.t.container.infra.bus, PREFIX, {
        v: 1,
        kind,
        scan_id: scanId,
        seq: s,
        ts: new Date().toISOString(),
        data,
      });
    },
    nextSeq: () => ++seq,
    scanRow: async (id) => (await ctx.t.db.select().from(scans).where(eq(scans.id, id)))[0]!,
    streamOf(scanId) {
      const got: ScanStreamMessage[] = [];
      ctx.t.container.hub.subscribe(scanId, (m) => got.push(m));
      return got;
    },
    async userWithDomain(over = {}) {
      const user = await insertUser(ctx.t.db, { keywords: ["Bank", "login"], keyword_generation: 1 });
      await ctx.t.db.insert(ownedDomains).values({
        user_id: user.id,
        domain: "acmebank.com",
        enrichment_status: "completed",
        profile: {
          domain: "acmebank.com",
          title: "Acme Bank",
          content_snippet: "Welcome",
          ips: ["127.0.0.9"],
          name_servers: ["ns1.acmebank.com"],
          html_hash: "T1",
          favicon_hash: null,
          screenshot_hash: null,
          fetched_at: new Date().toISOString(),
        },
        ...over,
      });
      return user;
    },
  };
  const ctx = helpers as ScanLifecycleContext; // t, worker and hook are set before the first test
  ctx.logged = [];
  const logger = pino(
    { level: "info" },
    { write: (line: string) => void ctx.logged.push(JSON.parse(line).msg) },
  );

  beforeAll(async () => {
    status?.assertAvailable();
    ctx.worker = await startStubWorker();
    ctx.hook = await startWebhook({ mode: "up", delay_ms: 0 }, "127.0.0.1", 0);
    ctx.t = await startTestWeb(
      variant,
      { WORKER_URL: ctx.worker.url, ALLOW_PRIVATE_NETWORK: "true" },
      { consume: true, logger },
    );
  });
  afterAll(async () => {
    await ctx.t?.close();
    await ctx.worker?.close();
    await ctx.hook?.close();
  });
  beforeEach(() => {
    ctx.worker.calls.length = 0;
    ctx.logged.length = 0;
  });
  return ctx;
}
