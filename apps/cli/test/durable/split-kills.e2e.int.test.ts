import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCAN_STAGES, type TScanStage } from "@brandwarden/contract/constants";
import { requirePostgres, requireRedis, testRedisUrl } from "@brandwarden/platform/testing/services";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import type { World } from "@brandwarden/world/world";
import { completedScanThrough, FAST_RECOVERY, startDurableWorld } from "./durable-world.ts";
import { startSplitDeployment, type SplitDeployment } from "./split-deployment.ts";
import type { FindingKey, WebClient } from "./web-client.ts";

const pg = await requirePostgres();
const redis = await requireRedis();

/**
 * The split deployment (PostgreSQL, Redis, `start:web` and `start:worker` as real processes) with
 * a process killed (SIGKILL) at each stage of a scan: every scan completes with exactly the
 * findings of an undisturbed run of the same world, its report becomes ready and its webhook is
 * delivered once. The moments are read from the worker's event stream, not guessed with sleeps.
 */
describe("a scan survives its web or worker process being killed at any stage", () => {
  let world: World;
  let d: SplitDeployment;
  let baseline: FindingKey[];
  let baselineRaw: Array<Record<string, unknown>> = [];
  /**
   * The stages an undisturbed scan runs (completed): the ones a kill can interrupt. A skipped stage
   * does nothing to interrupt (this world has no AI provider: `audit` is skipped at once), and
   * catching it "running" would be luck.
   */
  let stagesThatRun: TScanStage[] = [];
  /** Every scan's webhook count, checked once more at the end (a late duplicate would show). */
  const webhookCounts: Array<{ what: string; count: () => number }> = [];
  let users = 0;

  beforeAll(async () => {
    pg.assertAvailable();
    redis.assertAvailable();
    world = await startDurableWorld();
    d = await startSplitDeployment({ worldEnv: world.env, redisUrl: testRedisUrl(), env: FAST_RECOVERY });
    await Promise.all([d.startWorker(), d.startWeb()]);
  }, 240_000);

  afterAll(async () => {
    await d?.stop();
    await world?.stop();
  });

  /** A new user starts a scan; `disturb` runs while it does; then it must settle like the baseline. */
  async function scanThrough(what: string, disturb: (scanId: string, client: WebClient) => Promise<void>) {
    const { user, scanId, settled } = await completedScanThrough({
      world,
      webUrl: d.webUrl,
      name: `user${++users}`,
      what,
      disturb,
      output: d.output,
    });
    webhookCounts.push({ what, count: () => user.webhooks().length });
    const raw = await user.client.rawFindings(scanId);
    const findings = raw.map(({ domain, resolve_status, score, severity }) => ({
      domain,
      resolve_status,
      score,
      severity,
    }));
    if (baseline && JSON.stringify(findings) !== JSON.stringify(baseline)) {
      // Which signals differ, for the failure below.
      const differing = raw.filter((f, i) => JSON.stringify(findings[i]) !== JSON.stringify(baseline[i]));
      console.error(
        `${what}: findings differ`,
        JSON.stringify(
          { differing, baseline: baselineRaw.filter((b) => differing.some((f) => f.domain === b.domain)) },
          null,
          1,
        ),
      );
    }
    return {
      scan: settled.scan,
      findings,
      raw,
      log: (await user.client.status(scanId)).log.map((l) => l.message),
    };
  }

  /**
   * Kills `kill`'s process at each stage in turn, as many scans as it takes: within a scan, each
   * stage still ahead is caught running, the process killed, and `recover` run; a stage that went
   * by while the process was down (score lasts well under a second) is left for the next
   * scan. Every scan must match the baseline.
   */
  async function killAtEveryStage(
    kind: string,
    kill: () => Promise<void>,
    recover: (scanId: string, stage: TScanStage, since: number) => Promise<void>,
  ): Promise<Array<{ killedIn: TScanStage[]; log: string[] }>> {
    const remaining = [...stagesThatRun];
    const runs = [];
    // Scans in a row that went through every stage left before it was seen running (score lasts
    // well under a second): each still had to match the baseline, and the next tries again.
    let missed = 0;
    while (remaining.length) {
      const killedIn: TScanStage[] = [];
      const { log, findings } = await scanThrough(
        `${kind} killed in ${remaining.join(", ")}`,
        async (scanId) => {
          let since = 0;
          for (const stage of [...remaining]) {
            if (d.stagePassed(scanId, stage, since)) continue;
            if (!(await d.untilStageRunning(scanId, stage, since))) continue;
            since = d.mark();
            await kill();
            killedIn.push(stage);
            await recover(scanId, stage, since);
          }
        },
      );
      expect(findings).toEqual(baseline);
      // Nearly every scan catches the first stage left; a few in a row that catch none means the
      // stage is never seen running, which is a failure.
      missed = killedIn.length ? 0 : missed + 1;
      expect(missed, `no stage of ${remaining.join(", ")} caught running in ${missed} scans`).toBeLessThan(4);
      for (const stage of killedIn) remaining.splice(remaining.indexOf(stage), 1);
      runs.push({ killedIn, log });
    }
    console.log(`${kind} killed in: ${runs.map((r) => `[${r.killedIn.join(", ")}]`).join(" ")}`);
    return runs;
  }

  it("an undisturbed scan (the baseline)", async () => {
    const { findings, raw, scan } = await scanThrough("baseline", async () => undefined);
    stagesThatRun = SCAN_STAGES.filter((s) => scan.stage_states[s]?.status === "completed");
    expect(SCAN_STAGES.filter((s) => !stagesThatRun.includes(s))).toEqual(["audit"]);
    expect(findings.length).toBeGreaterThan(5);
    expect(findings.every((f) => f.score !== null)).toBe(true);
    baseline = findings;
    baselineRaw = raw;
  }, 300_000);

  it("the web process killed at each stage, started again once the worker moved on or waits for it", async () => {
    const runs = await killAtEveryStage(
      "web",
      () => d.killWeb(),
      async (scanId, stage, since) => {
        // The worker goes on alone (what it reports waits in Redis), or, where it must, waits for
        // the web app (the weights that score the findings; the scan's log says so, once per read,
        // maybe before this kill): then the web process starts again.
        const waiting = /waiting for the web app/;
        await waitFor(
          () =>
            d.stagePassed(scanId, stage, since) ||
            d.logged(scanId, waiting, Math.max(0, d.stageStartedAt(scanId, stage))),
          `${stage} passed, or the worker waiting for the web app`,
          240_000,
        );
        await d.startWeb();
      },
    );
    expect(runs.flatMap((r) => r.killedIn).sort()).toEqual([...stagesThatRun].sort());
  }, 900_000);

  it("the web process killed just after it applied the terminal update, started again", async () => {
    const { findings } = await scanThrough("web killed after the end", async (scanId, client) => {
      await d.untilStagePassed(scanId, "audit");
      await waitFor(
        async () => (await client.status(scanId).catch(() => null))?.scan.status === "completed",
        "terminal update applied",
        60_000,
      );
      await d.killWeb();
      await d.startWeb();
    });
    expect(findings).toEqual(baseline);
  }, 300_000);

  it("the worker killed at each stage, each time resumed by another worker from its last completed stage", async () => {
    const runs = await killAtEveryStage(
      "worker",
      () => d.killWorker(),
      // A replacement worker; the web app notices the silence and hands it the scan.
      () => d.startWorker(),
    );
    expect(runs.flatMap((r) => r.killedIn).sort()).toEqual([...stagesThatRun].sort());
    // Not from scratch: each run killed past generate went on from a checkpointed stage.
    for (const run of runs.filter((r) => r.killedIn.some((s) => s !== "generate")))
      expect(run.log.some((m) => m.startsWith("resuming at stage"))).toBe(true);
  }, 900_000);

  it("delivered each scan's webhook exactly once", () => {
    expect(webhookCounts.map(({ what, count }) => [what, count()])).toEqual(
      webhookCounts.map(({ what }) => [what, 1]),
    );
  });
});
