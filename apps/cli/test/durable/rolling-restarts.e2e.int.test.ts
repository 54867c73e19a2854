import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirePostgres, requireRedis, testRedisUrl } from "@brandwarden/platform/testing/services";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import type { World } from "@brandwarden/world/world";
import { FAST_RECOVERY, signUpUser, startDurableWorld, untilScanSettled } from "./durable-world.ts";
import { startSplitDeployment, type SplitDeployment } from "./split-deployment.ts";
import type { FindingKey } from "./web-client.ts";

const pg = await requirePostgres();
const redis = await requireRedis();

/**
 * Two workers behind one WORKER_URL, restarted one after the other (SIGTERM, start again: a
 * rolling deploy) twice while one scan runs. Each stopping worker hands the scan back and the web
 * app gives it to the other at once. With the default SCAN_AUTO_RESUMES=1, stops that each spent
 * the automatic resume (as before #27) would fail the scan at the second: it must complete with
 * the findings of an undisturbed run, its report and one webhook. (With 0 the scan has once
 * stalled after a rolling restart with no worker running it: open on #27.)
 */
describe("rolling restarts of both workers during one scan", () => {
  let world: World;
  let d: SplitDeployment;
  let baseline: FindingKey[];

  beforeAll(async () => {
    pg.assertAvailable();
    redis.assertAvailable();
    world = await startDurableWorld();
    d = await startSplitDeployment({
      worldEnv: world.env,
      redisUrl: testRedisUrl(),
      workers: 2,
      env: { ...FAST_RECOVERY, SCAN_AUTO_RESUMES: "1", SCAN_SILENCE_LIMIT: "20s" },
    });
    // One at a time: three processes starting at once on a loaded machine starve each other.
    await d.startWeb();
    await d.startWorker(0);
    await d.startWorker(1);
  }, 900_000);

  afterAll(async () => {
    await d?.stop();
    await world?.stop();
  });

  it("an undisturbed scan (the baseline)", async () => {
    const user = await signUpUser(world, d.webUrl, "rolling-baseline");
    const scanId = await user.client.startScan();
    const settled = await untilScanSettled(user.client, scanId);
    expect(settled.scan.status, `${settled.scan.error}\n${d.output()}`).toBe("completed");
    baseline = await user.client.findings(scanId);
    expect(baseline.length).toBeGreaterThan(5);
  }, 300_000);

  it("completes like the baseline, handed back at each stop without spending the automatic resume", async () => {
    const user = await signUpUser(world, d.webUrl, "rolling");
    const scanId = await user.client.startScan();
    let restarts = 0;
    for (let round = 0; round < 2; round++) {
      // Each round starts once a worker runs a stage of the scan (after the previous round).
      if (!(await d.untilRunning(scanId, d.mark()))) break;
      for (const i of [0, 1]) {
        const { code } = await d.stopWorker(i);
        expect(code, d.output()).toBe(0);
        await d.startWorker(i);
      }
      restarts++;
    }
    const settled = await untilScanSettled(user.client, scanId);
    expect(settled.scan.status, `${settled.scan.error}\n${d.output()}`).toBe("completed");
    expect(settled.report?.status).toBe("ready");
    expect(restarts).toBe(2);
    // Each rolling restart stopped the worker running the scan at least once.
    expect(d.handBacks(scanId).length).toBeGreaterThanOrEqual(2);
    const { log } = await user.client.status(scanId);
    expect(log.some((l) => l.message.startsWith("resuming at stage"))).toBe(true);
    expect(await user.client.findings(scanId)).toEqual(baseline);
    await waitFor(() => user.webhooks().length >= 1, "webhook delivered", 60_000);
    expect(user.webhooks()).toHaveLength(1);
    expect(user.webhooks()[0]!.json).toMatchObject({ type: "scan.completed" });
  }, 600_000);
});
