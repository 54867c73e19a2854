import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirePostgres, testDatabaseUrl } from "@brandwarden/platform/testing/services";
import { sleep, waitFor } from "@brandwarden/platform/testing/wait-for";
import { startTcpRelay, type TcpRelay } from "@brandwarden/platform/testing/tcp-relay";
import type { World } from "@brandwarden/world/world";
import { completedScanThrough, FAST_RECOVERY, startDurableWorld } from "./durable-world.ts";
import { startPrivateRedis } from "./private-redis.ts";
import { startSplitDeployment, type SplitDeployment } from "./split-deployment.ts";
import type { FindingKey, WebClient } from "./web-client.ts";

const pg = await requirePostgres();

/**
 * How long PostgreSQL stays unreachable mid-enrich. CI keeps it short (the "several
 * minutes" is a manual run: BW_FAULT_PG_OUTAGE=300000); it still outlasts the event consumer's
 * retry window for poison messages (set short below) many times over, so a connection error
 * treated as poison would dead-letter findings and show here.
 */
const PG_OUTAGE_MS = Number(process.env.BW_FAULT_PG_OUTAGE ?? 30_000);

/**
 * The split deployment riding out the faults of a month in production, on PostgreSQL, a Redis of
 * its own and two workers behind one WORKER_URL with one web process: PostgreSQL unreachable (a
 * relay in front of it cut) for a long time mid-enrich, a rolling restart of both workers, SIGTERM to
 * the web process while dashboards hold event streams, and Redis restarted mid-social.
 * Each scan completes with the findings of an undisturbed run, its report and one webhook; the
 * web process exits within its deadline. Faults follow the scan's observed progress, not timers.
 */
describe("the split deployment rides out database, Redis and deploy faults", () => {
  let world: World;
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
  let pgRelay: TcpRelay;
  let d: SplitDeployment;
  let baseline: FindingKey[];
  let users = 0;

  beforeAll(async () => {
    pg.assertAvailable();
    world = await startDurableWorld();
    redis = await startPrivateRedis({ persistent: true });
    const pgUrl = new URL(testDatabaseUrl());
    pgRelay = await startTcpRelay({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
    d = await startSplitDeployment({
      worldEnv: world.env,
      redisUrl: redis.url,
      workers: 2,
      webDatabaseUrl: (url) => pgRelay.urlFor(url),
      env: {
        ...FAST_RECOVERY,
        // On a loaded machine a starved web process misses heartbeats for many seconds (its
        // partition leases lapse): a generous limit, so only a real loss of the worker counts.
        SCAN_SILENCE_LIMIT: "60s",
        // A poison message is given up within about two seconds; an outage is not poison.
        EVENT_MAX_DELIVERIES: "3",
        EVENT_RETRY_BASE: "100ms",
        EVENT_RETRY_MAX: "1s",
        SHUTDOWN_TIMEOUT: "20s",
      },
    });
    // One at a time: three processes starting at once on a loaded machine starve each other.
    await d.startWeb();
    await d.startWorker(0);
    await d.startWorker(1);
  }, 900_000);

  afterAll(async () => {
    await d?.stop();
    await pgRelay?.close();
    await redis?.stop();
    await world?.stop();
  });

  /** A new user's scan, disturbed by `faults`, must settle like the baseline. */
  async function scanThrough(what: string, faults: (scanId: string, client: WebClient) => Promise<void>) {
    const { user, scanId } = await completedScanThrough({
      world,
      webUrl: d.webUrl,
      name: `faults${++users}`,
      what,
      disturb: faults,
      output: d.output,
      timeoutMs: 600_000,
    });
    return { scanId, findings: await user.client.findings(scanId), client: user.client };
  }

  it("an undisturbed scan (the baseline)", async () => {
    const { findings } = await scanThrough("baseline", async () => undefined);
    expect(findings.length).toBeGreaterThan(5);
    baseline = findings;
  }, 400_000);

  it("PostgreSQL unreachable mid-enrich, longer than the poison-retry window many times over: the scan completes like the baseline", async () => {
    let outage = "";
    const { findings } = await scanThrough("database outage", async (scanId) => {
      expect(await d.untilStageRunning(scanId, "enrich")).toBe(true);
      const since = d.mark();
      await pgRelay.cut();
      const cutAt = Date.now();
      // The worker goes on without the web app's database; what it publishes waits in Redis.
      await sleep(PG_OUTAGE_MS);
      const heard = d.mark() - since;
      await pgRelay.restore();
      outage = `PostgreSQL down ${Date.now() - cutAt} ms, ${heard} messages published meanwhile`;
    });
    console.log(`faults: ${outage}`);
    expect(findings).toEqual(baseline);
  }, 900_000);

  it("a rolling restart of both workers: each stopping worker hands the scan back, it resumes elsewhere without spending an automatic resume and completes like the baseline", async () => {
    let handedBack = 0;
    const { findings, scanId, client } = await scanThrough("rolling restart", async (scanId) => {
      expect(await d.untilRunning(scanId)).toBe(true);
      for (const i of [0, 1]) {
        expect((await d.stopWorker(i)).code, d.output()).toBe(0);
        await d.startWorker(i);
      }
      handedBack = d.handBacks(scanId).length;
    });
    // The worker running the scan was stopped at least once, and gave it back.
    expect(handedBack).toBeGreaterThanOrEqual(1);
    const { log } = await client.status(scanId);
    expect(log.some((l) => l.message.startsWith("resuming at stage"))).toBe(true);
    // A hand-back is dispatched at once: the stalled-scan check never had to resume it.
    expect(d.printed(new RegExp(`"scan_id":"${scanId}".*worker stopped reporting`))).toBe(false);
    expect(findings).toEqual(baseline);
  }, 900_000);

  it("SIGTERM to the web mid-scan with event streams open: the web exits within its deadline and the scan completes like the baseline", async () => {
    let exit: { code: number | null; output: string } | null = null;
    let streamsEnded: string[] = [];
    const { findings } = await scanThrough("web stop", async (scanId, client) => {
      expect(await d.untilRunning(scanId)).toBe(true);
      const streams = [await client.openEvents(scanId), await client.openEvents(scanId)];
      await waitFor(() => streams.every((s) => s.text().includes("event: hello")), "streams open", 30_000);
      exit = await d.stopWeb(120_000);
      streamsEnded = await Promise.all(
        streams.map(async (s) => `${await s.ended} ${s.text().includes("event: closing")}`),
      );
      await d.startWeb();
    });
    expect(exit!.code, exit!.output.slice(-3000)).toBe(0);
    expect(exit!.output).not.toContain("shutdown deadline");
    expect(streamsEnded).toEqual(["ended true", "ended true"]);
    expect(findings).toEqual(baseline);
  }, 900_000);

  it("Redis restarted mid-social: the scan completes like the baseline", async () => {
    let restarted = false;
    const { findings } = await scanThrough("Redis restart", async (scanId) => {
      if (!(await d.untilStageRunning(scanId, "social"))) return;
      await redis.kill();
      await redis.start();
      await d.retail();
      restarted = true;
    });
    expect(restarted, "the scan ended before its social stage could be disturbed").toBe(true);
    expect(findings).toEqual(baseline);
  }, 900_000);
});
