import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { TScanStartPayload } from "@brandwarden/contract/scan";
import { createMemoryBus } from "@brandwarden/platform/bus/memory-bus";
import type { Bus } from "@brandwarden/platform/bus/bus";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { controlStream, eventStreams, WEB_GROUP } from "@brandwarden/platform/messaging/event-streams";
import { waitFor } from "@brandwarden/platform/testing/wait-for";
import { commandMark, listenForCancel } from "./cancel-listener.ts";
import { createCheckpoints } from "./checkpoints.ts";
import { busSink } from "../../ports/events/scan-publisher.ts";
import { createScanRunner } from "./scan-runner.ts";
import { settleOn } from "../../ports/events/settle.ts";
import type { StageDef } from "./stage.ts";
import { scanStartPayload } from "../../../test/scan-payload.ts";

const PREFIX = "bw";
const logger = createSilentLogger();

const payload = (scanId = randomUUID()): TScanStartPayload => scanStartPayload({ scan_id: scanId });

/** A stage that runs until cancelled or released; `started` counts its runs. */
function gatedStage() {
  const gate = { started: 0, release: () => undefined as void };
  const stage: StageDef = {
    name: "generate",
    output: "candidates",
    run: (ctx) =>
      new Promise<void>((resolve) => {
        gate.started++;
        gate.release = resolve;
        ctx.signal.addEventListener("abort", () => resolve(), { once: true });
      }),
  };
  return { gate, stage };
}

describe("cancel commands on the durable control stream", () => {
  let bus: Bus;
  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    await bus?.close();
  });

  function worker(stages: StageDef[]) {
    const runner = createScanRunner({
      stages,
      checkpoints: createCheckpoints(createMemoryKv()),
      sink: busSink(bus, PREFIX),
      logger,
      concurrency: 2,
      commandMark: commandMark(bus, PREFIX),
    });
    const listen = async () =>
      stops.push(
        await listenForCancel({
          bus,
          prefix: PREFIX,
          cancel: (id, commandId) => runner.cancel(id, commandId),
          logger,
        }),
      );
    return { runner, listen };
  }

  const cancel = (scanId: string) => bus.append(controlStream(PREFIX), { type: "cancel", scan_id: scanId });

  it("stops a scan with a cancel sent while the worker was not listening (it reads it on replay)", async () => {
    bus = createMemoryBus();
    const { gate, stage } = gatedStage();
    const { runner, listen } = worker([stage]);
    const p = payload();
    await runner.accept(p);
    await waitFor(() => gate.started === 1, "scan running");
    // Sent while this worker's reader was away (restarting, or Redis unreachable).
    await cancel(p.scan_id);
    await listen();
    await waitFor(() => !runner.isRunning(p.scan_id), "scan stopped by the replayed cancel");
  });

  it("leaves a later run alone when an older cancel of the same scan is replayed", async () => {
    bus = createMemoryBus();
    const { gate, stage } = gatedStage();
    const { runner, listen } = worker([stage]);
    const scanId = randomUUID();
    // The user cancelled an earlier run, then resumed the scan: this worker takes the new run.
    await cancel(scanId);
    await runner.accept(payload(scanId));
    await waitFor(() => gate.started === 1, "resumed scan running");
    await listen();
    // The old command is read (replay) and ignored; a new one is obeyed.
    const sentinel = randomUUID();
    await cancel(sentinel);
    const seen: string[] = [];
    stops.push(
      await bus.tail(controlStream(PREFIX), 0, (m) => void seen.push((m as { scan_id: string }).scan_id)),
    );
    await waitFor(() => seen.includes(sentinel), "replay read past the old cancel");
    expect(runner.isRunning(scanId)).toBe(true);
    await cancel(scanId);
    await waitFor(() => !runner.isRunning(scanId), "stopped by the new cancel");
  });
});

describe("cancelling a scan that waits for a slot", () => {
  it("stops it before any stage runs", async () => {
    const bus = createMemoryBus();
    const { gate, stage } = gatedStage();
    const runner = createScanRunner({
      stages: [stage],
      checkpoints: createCheckpoints(createMemoryKv()),
      sink: busSink(bus, PREFIX),
      logger,
      concurrency: 1,
    });
    const first = payload();
    const second = payload();
    const firstDone = runner.submit(first);
    const secondDone = runner.submit(second);
    await waitFor(() => gate.started === 1, "first scan running");
    expect(runner.cancel(second.scan_id)).toBe(true); // it waits for the only slot
    gate.release();
    await firstDone;
    expect(await secondDone).toBeNull();
    expect(gate.started).toBe(1);
    await bus.close();
  });
});

describe("checkpoints in embedded mode", () => {
  it("saves a stage's checkpoint only once the web app applied what the stage published", async () => {
    const bus = createMemoryBus();
    const kv = createMemoryKv();
    const checkpoints = createCheckpoints(kv);
    let published = false;
    const stage: StageDef = {
      name: "generate",
      output: "candidates",
      async run(ctx) {
        await ctx.publisher.publish("log", { level: "info", message: "generated 3 candidates" });
        (ctx.data as Record<string, unknown>).candidates = ["a.com", "b.com", "c.com"];
        published = true;
      },
    };
    const runner = createScanRunner({
      stages: [stage],
      checkpoints,
      sink: busSink(bus, PREFIX),
      logger,
      concurrency: 1,
      settle: settleOn(bus),
    });
    const p = payload();
    const done = runner.submit(p);
    await waitFor(() => published, "stage done");
    // No web app has applied the message yet: were the process killed now, a resume must rerun it.
    expect(await checkpoints.load(p.scan_id, "generate")).toBeUndefined();
    const web = await bus.consumePartitions(
      eventStreams(PREFIX),
      { group: WEB_GROUP, consumer: "web" },
      () => undefined,
    );
    await done;
    expect(await checkpoints.load(p.scan_id, "generate")).toEqual({ output: ["a.com", "b.com", "c.com"] });
    await web.stop();
    await bus.close();
  });
});
