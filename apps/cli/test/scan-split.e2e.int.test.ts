import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SCAN_STAGES } from "@brandwarden/contract/constants";
import { createTestDatabase, type TestDatabase } from "@brandwarden/platform/testing/postgres-test-db";
import {
  requirePostgres,
  requireRedis,
  testDatabaseUrl,
  testRedisUrl,
} from "@brandwarden/platform/testing/services";
import { deleteRedisKeys } from "@brandwarden/platform/testing/redis-cleanup";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { startTestWorld, smallScenario } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { loadWebConfig } from "@brandwarden/web/config";
import { domainFindings, scanLogs, scans } from "@brandwarden/web/db/schema";
import { createWebAdapters } from "@brandwarden/web/adapters";
import { startWeb, type RunningWeb } from "@brandwarden/web/server";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { spawnScript, waitForHealthy, type Spawned } from "./process.ts";
import { splitServicesEnv, userWithBrandProfile } from "./world-product.ts";

const pg = await requirePostgres();
const redis = await requireRedis();

/**
 * The split deployment on PostgreSQL, Redis pub/sub + keys and BullMQ: the web app in this process,
 * the worker as its own process, so it can be killed for real mid-scan and replaced by another.
 */
describe("a scan in the split deployment", () => {
  let world: World;
  let db: TestDatabase;
  let web: RunningWeb;
  let workerEnv: Record<string, string>;
  let dataDir: string;
  const prefix = `bwe2e${process.pid}`;
  const workers: Spawned[] = [];

  const startWorkerProcess = async () => {
    const w = spawnScript("start:worker", workerEnv);
    workers.push(w);
    await waitForHealthy(`http://127.0.0.1:${workerEnv.WORKER_PORT}/healthz`);
    return w;
  };

  beforeAll(async () => {
    pg.assertAvailable();
    redis.assertAvailable();
    world = await startTestWorld(smallScenario());
    db = await createTestDatabase(testDatabaseUrl());
    dataDir = await mkdtemp(path.join(tmpdir(), "bw-split-"));
    const [webPort, workerPort] = [await freePort(), await freePort()];
    const common = splitServicesEnv({
      worldEnv: world.env,
      databaseUrl: db.url,
      redisUrl: testRedisUrl(),
      prefix,
      webPort,
      workerPort,
      dataDir,
    });
    workerEnv = { ...common, ENRICH_CONCURRENCY: "2" };
    const config = loadWebConfig(common);
    web = await startWeb(config, await createWebAdapters(config));
    await startWorkerProcess();
  }, 120_000);

  afterAll(async () => {
    for (const w of workers) w.child.kill("SIGKILL");
    await web?.stop();
    await world?.stop();
    await db?.drop();
    await deleteRedisKeys(testRedisUrl(), prefix).catch(() => undefined);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const scanRow = async (id: string) =>
    (await web.container.infra.db.select().from(scans).where(eq(scans.id, id)))[0]!;

  const userWithProfile = (email: string) =>
    userWithBrandProfile(web.container.services, email, {
      name: "Acme Bank",
      ownedDomains: ["acmebank.com"],
    });

  it("completes a scan with scored findings in PostgreSQL", async () => {
    const user = await userWithProfile("split-1@example.com");
    const scan = await web.container.services.scans.start({ id: user.id, admin: false });
    await waitFor(
      async () => ["completed", "failed"].includes((await scanRow(scan.id)).status),
      "scan end",
      180_000,
    );
    const done = await scanRow(scan.id);
    expect(done.status, done.error ?? "").toBe("completed");
    const findings = await web.container.infra.db
      .select()
      .from(domainFindings)
      .where(eq(domainFindings.scan_id, scan.id));
    expect(findings.length).toBeGreaterThan(5);
    expect(findings.every((f) => f.score !== null)).toBe(true);
  }, 200_000);

  it("stops a scan mid-way, and resumes one whose worker was killed mid-enrich on a new worker", async () => {
    const { services } = web.container;
    const user = await userWithProfile("split-2@example.com");
    const actor = { id: user.id, admin: false };

    // Stop mid-scan: cancelled, and the worker publishes nothing more for it.
    const stopped = await services.scans.start(actor);
    await waitFor(async () => (await scanRow(stopped.id)).status === "running", "running", 60_000);
    await services.scans.stop(actor, stopped.id);
    const frozen = await scanRow(stopped.id);
    await new Promise((r) => setTimeout(r, 3000));
    const later = await scanRow(stopped.id);
    expect(later.status).toBe("cancelled");
    expect(later.updated_at.getTime()).toBe(frozen.updated_at.getTime());

    // Kill the worker for real while the scan enriches; a new worker resumes from checkpoints.
    const scan = await services.scans.start(actor);
    // Its turn: enrichment begins while resolve still runs, but only resolve's checkpoint resumes it there.
    await waitFor(
      async () => {
        const states = (await scanRow(scan.id)).stage_states;
        return states.enrich?.status === "running" && states.resolve?.status === "completed";
      },
      "enrich's turn",
      120_000,
    );
    workers.at(-1)!.child.kill("SIGKILL");
    await workers.at(-1)!.exited;
    await services.scans.stop(actor, scan.id);
    await startWorkerProcess();
    const resumed = await services.scans.resume(actor, scan.id);
    expect(resumed.resume_from_stage).toBe("enrich");
    await waitFor(
      async () => ["completed", "failed"].includes((await scanRow(scan.id)).status),
      "resumed scan end",
      180_000,
    );
    const done = await scanRow(scan.id);
    expect(done.status, done.error ?? "").toBe("completed");
    expect(SCAN_STAGES.map((s) => done.stage_states[s]?.status)).toEqual([
      "completed",
      "completed",
      "completed",
      "completed",
      "completed",
      "skipped",
    ]);
    const findings = await web.container.infra.db
      .select()
      .from(domainFindings)
      .where(eq(domainFindings.scan_id, scan.id));
    expect(findings.length).toBeGreaterThan(5);
    expect(findings.every((f) => f.score !== null)).toBe(true);
    const log = await web.container.infra.db.select().from(scanLogs).where(eq(scanLogs.scan_id, scan.id));
    expect(log.map((l) => l.message)).toContain("resuming at stage enrich");
  }, 400_000);
});
