import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@brandwarden/platform/testing/postgres-test-db";
import {
  requirePostgres,
  requireRedis,
  testDatabaseUrl,
  testRedisUrl,
} from "@brandwarden/platform/testing/services";
import { deleteRedisKeys } from "@brandwarden/platform/testing/redis-cleanup";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { freePort } from "@brandwarden/platform/testing/free-port";
import { startTestWorld, smallScenario } from "@brandwarden/world/testing/test-world";
import type { World } from "@brandwarden/world/world";
import { loadWebConfig } from "@brandwarden/web/config";
import { domainFindings, scanLogs, scans } from "@brandwarden/web/db/schema";
import { createWebAdapters } from "@brandwarden/web/adapters";
import { startWeb, type RunningWeb } from "@brandwarden/web/server";
import { spawnScript, waitForHealthy, type Spawned } from "./process.ts";
import { splitServicesEnv, userWithBrandProfile } from "./world-product.ts";

// Screenshots wherever the product starts (issue 32): a root worker creates a missing renderer
// user; one that cannot says so in every scan's log, with the command. Each case names a renderer
// user of its own (`bw-rt-…`): that name is missing as on a fresh machine, and the shared
// `brandwarden-renderer` other tests use is never touched. The worker runs as its own process
// (`npm run start:worker`), so its log and its PATH are its own.

const pg = await requirePostgres();
const redis = await requireRedis();
const run = promisify(execFile);
const uidOf = (user: string) => run("id", ["-u", "--", user]).then((r) => Number(r.stdout.trim()), () => null); // prettier-ignore
const isRoot = process.getuid?.() === 0;
const USERADD = (user: string) =>
  `useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin ${user}`;

describe("the renderer user, on a machine that lacks it", () => {
  let world: World;
  let db: TestDatabase;
  let web: RunningWeb;
  let common: Record<string, string>;
  let dataDir: string;
  const prefix = `bwrt${process.pid}`;
  const workers: Spawned[] = [];
  const created: string[] = [];

  beforeAll(async () => {
    pg.assertAvailable();
    redis.assertAvailable();
    world = await startTestWorld(smallScenario());
    db = await createTestDatabase(testDatabaseUrl());
    dataDir = await mkdtemp(path.join(tmpdir(), "bw-rt-"));
    common = splitServicesEnv({
      worldEnv: world.env,
      databaseUrl: db.url,
      redisUrl: testRedisUrl(),
      prefix,
      webPort: await freePort(),
      workerPort: await freePort(),
      dataDir,
    });
    const config = loadWebConfig(common);
    web = await startWeb(config, await createWebAdapters(config));
  }, 120_000);

  afterAll(async () => {
    for (const w of workers) w.child.kill("SIGKILL");
    await web?.stop();
    await world?.stop();
    await db?.drop();
    await deleteRedisKeys(testRedisUrl(), prefix).catch(() => undefined);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    // Only the users this file made (never brandwarden-renderer, which other tests run as).
    for (const user of created) await run("userdel", ["--", user]).catch(() => undefined);
  });

  /** A worker with screenshots on, as its own process; stopped before the next one starts. */
  const startWorker = async (env: Record<string, string>) => {
    for (const w of workers) {
      w.child.kill("SIGTERM");
      await w.exited;
    }
    const w = spawnScript("start:worker", { ...common, SCREENSHOTS: "true", LOG_LEVEL: "info", ...env });
    workers.push(w);
    await waitForHealthy(`http://127.0.0.1:${common.WORKER_PORT}/healthz`);
    return w;
  };

  /** A whole scan of the small world for a new user: its row, findings and stored log. */
  const scanAsNewUser = async (email: string) => {
    const { services } = web.container;
    const { db: wdb } = web.container.infra;
    const user = await userWithBrandProfile(services, email, {
      name: world.scenario.brand.name,
      ownedDomains: [world.scenario.brand.primary_domain],
    });
    const actor = { id: user.id, admin: false };
    const scan = await services.scans.start(actor);
    const row = async () => (await wdb.select().from(scans).where(eq(scans.id, scan.id)))[0]!;
    await waitFor(async () => ["completed", "failed"].includes((await row()).status), "scan end", 240_000);
    const done = await row();
    expect(done.status, done.error ?? "").toBe("completed");
    const findings = await wdb.select().from(domainFindings).where(eq(domainFindings.scan_id, scan.id));
    const log = await wdb.select().from(scanLogs).where(eq(scanLogs.scan_id, scan.id));
    // What the dashboard's scan log shows (GET /dashboard/status).
    const status = await services.scans.status(actor, scan.id);
    const phishing = world.scenario.lookalikes.filter((l) => l.site_kind === "phishing").map((l) => l.domain);
    return { findings, log, status, phishing: findings.filter((f) => phishing.includes(f.domain)) };
  };

  it("creates it when the worker is root, and screenshots the phishing pages", async () => {
    const user = `bw-rt-${randomBytes(4).toString("hex")}`;
    expect(await uidOf(user)).toBeNull();
    created.push(user);
    const worker = await startWorker({ RENDERER_USER: user });
    if (!isRoot) {
      // Only root can create users: the worker says what to run instead (CI runs as root).
      await waitFor(async () => worker.output().includes("screenshots are off"), "the warning", 30_000);
      expect(worker.output()).toContain(USERADD(user));
      return;
    }
    const uid = await uidOf(user);
    expect(uid).toBeGreaterThan(0);
    // Said before the worker listens (the pipe may deliver it a moment after /healthz answers).
    await waitFor(async () => worker.output().includes(`created the system user \\"${user}\\"`), "the log line", 30_000); // prettier-ignore
    const { stdout: passwd } = await run("getent", ["passwd", user]);
    // A system user with no home and no login shell, as .ci/run makes it.
    expect(passwd.trim()).toMatch(/:\/nonexistent:\/usr\/sbin\/nologin$/);

    const { phishing, log } = await scanAsNewUser("renderer-created@example.com");
    expect(phishing.length).toBeGreaterThan(0);
    expect(phishing.some((f) => f.screenshot_key !== null && f.screenshot_hash !== null)).toBe(true);
    expect(log.filter((l) => l.code === "screenshots_off")).toEqual([]);
  }, 300_000);

  it("takes no screenshots when it cannot create it, and every scan's log says why and the command", async () => {
    const user = `bw-rt-${randomBytes(4).toString("hex")}`;
    created.push(user);
    // Root without sbin on its PATH (`su` without `-`): no useradd to run.
    const worker = await startWorker({ RENDERER_USER: user, PATH: "/usr/local/bin:/usr/bin:/bin" });
    await waitFor(async () => worker.output().includes("screenshots are off"), "the process log's warning", 30_000); // prettier-ignore
    expect(await uidOf(user)).toBeNull();

    const message = isRoot
      ? `screenshots are off: the renderer user "${user}" does not exist and the worker could not create it (useradd is not on PATH). To turn them on: create it as root (${USERADD(user)}) or set RENDERER_USER, then restart the worker`
      : `screenshots are off: the renderer user "${user}" does not exist. To turn them on: create it as root (${USERADD(user)}) or set RENDERER_USER, then restart the worker`;
    for (const email of ["renderer-off-1@example.com", "renderer-off-2@example.com"]) {
      const { log, status, phishing } = await scanAsNewUser(email);
      const warnings = log.filter((l) => l.code === "screenshots_off");
      expect(warnings.map((l) => [l.level, l.message])).toEqual([["warn", `[enrich] ${message}`]]);
      expect(status.log.filter((l) => l.message.includes("screenshots are off"))).toHaveLength(1);
      expect(phishing.length).toBeGreaterThan(0);
      expect(phishing.every((f) => f.screenshot_key === null)).toBe(true);
    }
  }, 600_000);
});
