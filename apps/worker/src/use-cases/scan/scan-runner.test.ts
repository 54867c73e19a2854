import { describe, expect, it, vi } from "vitest";
import { ZEventMessage, type TEventMessage } from "@brandwarden/contract/events";
import { createMemoryKv } from "@brandwarden/platform/kv/memory-kv";
import { createSilentLogger } from "@brandwarden/platform/logger/logger";
import { createCheckpoints } from "./checkpoints.ts";
import { createScanRunner } from "./scan-runner.ts";
import { throwIfCancelled, type StageDef } from "./stage.ts";
import { skippedStage } from "./skipped-stage.ts";
import { scanStartPayload } from "../../../test/scan-payload.ts";

const payload = scanStartPayload;

function harness(stages: StageDef[], kv = createMemoryKv(), heartbeatMs?: number) {
  const events: TEventMessage[] = [];
  const told: string[] = [];
  const runner = createScanRunner({
    metrics: {
      stageEnded: (stage, status, seconds) =>
        void told.push(`${stage} ${status}${seconds >= 0 ? "" : " negative"}`),
      scanEnded: (scanId, status) => void told.push(`scan ${status}`),
      sourceOpened: (scanId, source) => void told.push(`opened ${source}`),
    },
    stages,
    checkpoints: createCheckpoints(kv),
    sink: async (envelope) => {
      const parsed = ZEventMessage.parse(envelope);
      events.push(parsed);
    },
    logger: createSilentLogger(),
    concurrency: 1,
    heartbeatMs,
  });
  const updates = () =>
    events
      .filter((e) => e.kind === "scan_update")
      .map(
        (e) => e.data as { status: string; stage_states: Record<string, { status: string; done: number }> },
      );
  return { runner, events, updates, kv, told };
}

const counting = (name: StageDef["name"], output: StageDef["output"], ran: string[]): StageDef => ({
  name,
  output,
  async run(ctx) {
    ran.push(name);
    ctx.progress(1, 2);
    ctx.progress(2, 2);
    (ctx.data as Record<string, unknown>)[output] = [`${name}-out`];
  },
});

const SIX = (ran: string[]): StageDef[] => [
  counting("generate", "candidates", ran),
  counting("resolve", "resolved", ran),
  counting("enrich", "enriched", ran),
  skippedStage("social", "social", "social discovery is not available yet"),
  counting("score", "scored", ran),
  skippedStage("audit", "audited", "AI audit is not configured"),
];

describe("scan runner", () => {
  it("keeps telling the web app it is alive: a quiet stage re-sends its states, a waiting scan says queued", async () => {
    const releases: Array<() => void> = [];
    const quiet: StageDef = {
      name: "generate",
      output: "candidates",
      run: () => new Promise<void>((r) => releases.push(r)), // reports nothing until released
    };
    const h = harness([quiet], createMemoryKv(), 100);
    const first = payload();
    const second = payload();
    const done = Promise.all([h.runner.submit(first), h.runner.submit(second)]);
    await new Promise((r) => setTimeout(r, 450));
    const of = (id: string) =>
      h.events.filter((e) => e.kind === "scan_update" && e.scan_id === id).map((e) => e.data as { status: string }); // prettier-ignore
    // The running scan: its start, then heartbeats with the same state.
    expect(of(first.scan_id).length).toBeGreaterThanOrEqual(3);
    expect(of(first.scan_id).every((d) => d.status === "running")).toBe(true);
    // The one waiting for the single slot: "queued" heartbeats.
    expect(of(second.scan_id).length).toBeGreaterThanOrEqual(2);
    expect(of(second.scan_id).every((d) => d.status === "queued")).toBe(true);
    releases[0]!();
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    releases[1]!();
    await done;
    // One publisher per scan from submit to end: seq only rises.
    const seqs = h.events.filter((e) => e.scan_id === second.scan_id).map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(of(second.scan_id).at(-1)!.status).toBe("completed");
  });

  it("runs the stages in order and reports every stage's state, ending completed", async () => {
    const ran: string[] = [];
    const h = harness(SIX(ran));
    const p = payload();
    const data = await h.runner.submit(p);
    expect(ran).toEqual(["generate", "resolve", "enrich", "score"]);
    expect(data?.scored).toEqual(["score-out"]);
    const last = h.updates().at(-1)!;
    expect(last.status).toBe("completed");
    expect(Object.fromEntries(Object.entries(last.stage_states).map(([k, v]) => [k, v.status]))).toEqual({
      generate: "completed",
      resolve: "completed",
      enrich: "completed",
      social: "skipped",
      score: "completed",
      audit: "skipped",
    });
    expect(h.events.every((e) => e.scan_id === p.scan_id)).toBe(true);
    const seqs = h.events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it("tells its metrics how each stage and the scan ended, and which sources a stage gave up", async () => {
    const ok = harness(SIX([]));
    await ok.runner.submit(payload());
    expect(ok.told).toEqual([
      "generate completed",
      "resolve completed",
      "enrich completed",
      "social skipped",
      "score completed",
      "audit skipped",
      "scan completed",
    ]);
    const failing: StageDef = {
      name: "resolve",
      output: "resolved",
      async run(ctx) {
        ctx.sourceOpened?.("rdap.example");
        throw new Error("resolver gone");
      },
    };
    const bad = harness([counting("generate", "candidates", []), failing]);
    await bad.runner.submit(payload());
    expect(bad.told).toEqual(["generate completed", "opened rdap.example", "resolve failed", "scan failed"]);
  });

  it("resumes from checkpoints, skipping completed stages even on another runner", async () => {
    const kv = createMemoryKv();
    const ran1: string[] = [];
    const failing = SIX(ran1);
    failing[2] = {
      name: "enrich",
      output: "enriched",
      run: async () => {
        throw new Error("rdap exploded");
      },
    };
    const first = harness(failing, kv);
    const p = payload();
    await first.runner.submit(p);
    const failed = first.updates().at(-1)!;
    expect(failed.status).toBe("failed");
    expect(failed.stage_states.enrich!.status).toBe("failed");
    expect(
      first.events.some(
        (e) => e.kind === "log" && (e.data as { message: string }).message.includes("rdap exploded"),
      ),
    ).toBe(true);

    const ran2: string[] = [];
    const second = harness(SIX(ran2), kv);
    const data = await second.runner.submit({ ...p, resume_from_stage: "enrich" });
    expect(ran2).toEqual(["enrich", "score"]);
    expect(data?.resolved).toEqual(["resolve-out"]);
    expect(second.updates().at(-1)!.status).toBe("completed");
    expect(second.updates()[0]!.stage_states.generate!.status).toBe("completed");
  });

  it("shows a stage running from when an earlier stage began its work, keeps its count when its turn comes, and cancels it when the scan fails first", async () => {
    // resolve begins enrich's work: enrich shows running beside it, with the count so far.
    const early: StageDef = {
      name: "resolve",
      output: "resolved",
      async run(ctx) {
        ctx.progressOf("enrich")(3, 10);
        ctx.progress(1, 1);
      },
    };
    const lateFinisher: StageDef = {
      name: "enrich",
      output: "enriched",
      async run(ctx) {
        ctx.progress(10, 10);
      },
    };
    const ran: string[] = [];
    const ok = SIX(ran);
    ok[1] = early;
    ok[2] = lateFinisher;
    const h = harness(ok);
    await h.runner.submit(payload());
    const both = h.updates().find((u) => u.stage_states.enrich?.status === "running")!;
    expect(both.stage_states.resolve!.status).toBe("running");
    expect(both.stage_states.enrich!.done).toBe(3);
    // When enrich's turn comes its count is not reset to 0.
    const enrichDone = h.updates().filter((u) => u.stage_states.enrich?.status === "running").map((u) => u.stage_states.enrich!.done); // prettier-ignore
    expect(enrichDone).not.toContain(0);
    expect(h.updates().at(-1)!.stage_states.enrich!.status).toBe("completed");

    const failing = SIX([]);
    failing[1] = {
      name: "resolve",
      output: "resolved",
      async run(ctx) {
        ctx.progressOf("enrich")(1, 5);
        throw new Error("resolver exploded");
      },
    };
    const f = harness(failing);
    await f.runner.submit(payload());
    const last = f.updates().at(-1)!;
    expect(last.status).toBe("failed");
    expect(last.stage_states.resolve!.status).toBe("failed");
    expect(last.stage_states.enrich!.status).toBe("cancelled");
  });

  it("reruns from the earliest stage whose checkpoint is missing", async () => {
    const ran: string[] = [];
    const h = harness(SIX(ran));
    await h.runner.submit(payload({ resume_from_stage: "score" }));
    expect(ran).toEqual(["generate", "resolve", "enrich", "score"]);
  });

  it("stops a cancelled scan promptly and publishes nothing more for it", async () => {
    // The stage works until cancelled, then tries to publish once more before it notices.
    let started!: () => void;
    const working = new Promise<void>((r) => (started = r));
    let proceed!: () => void;
    const cancelled = new Promise<void>((r) => (proceed = r));
    const slow: StageDef = {
      name: "generate",
      output: "candidates",
      async run(ctx) {
        ctx.progress(1, 1000);
        started();
        await cancelled;
        await ctx.log("info", "still here after the cancel");
        await ctx.publisher.publish("log", { level: "info", message: "late" });
        throwIfCancelled(ctx.signal);
        throw new Error("not reached: the stage was cancelled");
      },
    };
    const h = harness([slow, ...SIX([]).slice(1)]);
    const p = payload();
    const done = h.runner.submit(p);
    await working;
    expect(h.runner.cancel(p.scan_id)).toBe(true);
    const count = h.events.length;
    proceed();
    expect(await done).toBeNull();
    expect(h.events.length).toBe(count);
    expect(h.events.some((e) => e.kind === "log")).toBe(false);
    expect(h.updates().some((u) => u.status === "completed" || u.status === "failed")).toBe(false);
  });

  it("a graceful stop hands each scan back: a last `queued` update saying so, after what it published, then nothing", async () => {
    let started!: () => void;
    const working = new Promise<void>((r) => (started = r));
    const slow: StageDef = {
      name: "resolve",
      output: "resolved",
      async run(ctx) {
        ctx.progress(1, 10);
        started();
        await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve()));
        await ctx.log("info", "noticed the stop");
        throwIfCancelled(ctx.signal);
      },
    };
    const h = harness(
      [counting("generate", "candidates", []), slow, ...SIX([]).slice(2)],
      createMemoryKv(),
      50,
    );
    const running = payload();
    const waiting = payload(); // concurrency 1: still waiting for the slot
    const done = Promise.all([h.runner.submit(running), h.runner.submit(waiting)]);
    await working;
    await h.runner.close({ handBack: true });
    expect(await done).toEqual([null, null]);
    const of = (id: string) => h.events.filter((e) => e.scan_id === id);
    const last = of(running.scan_id).at(-1)!;
    expect(last.kind).toBe("scan_update");
    expect(last.data).toMatchObject({ status: "queued", handed_back: true });
    // Its stage states say where another worker goes on: generate done, resolve not.
    const states = (last.data as { stage_states: Record<string, { status: string }> }).stage_states;
    expect(states.generate!.status).toBe("completed");
    expect(states.resolve!.status).not.toBe("completed");
    // What the stage published on its way out came before it.
    expect(of(running.scan_id).some((e) => e.kind === "log")).toBe(true);
    expect(of(waiting.scan_id).at(-1)!.data).toMatchObject({ status: "queued", handed_back: true });
    // Nothing after the hand-back (a heartbeat or late progress would read as the scan alive here).
    const count = h.events.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(h.events.length).toBe(count);
  });

  it("a stop without hand-back (a cancel of every scan) publishes nothing more", async () => {
    let started!: () => void;
    const working = new Promise<void>((r) => (started = r));
    const slow: StageDef = {
      name: "generate",
      output: "candidates",
      async run(ctx) {
        started();
        await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve()));
        throwIfCancelled(ctx.signal);
      },
    };
    const h = harness([slow]);
    const p = payload();
    const done = h.runner.submit(p);
    await working;
    const count = h.events.length;
    await h.runner.close();
    expect(await done).toBeNull();
    expect(h.events.length).toBe(count);
  });

  it("throttles progress to a few updates per second", async () => {
    const busy: StageDef = {
      name: "generate",
      output: "candidates",
      async run(ctx) {
        for (let i = 1; i <= 2000; i++) {
          ctx.progress(i, 2000);
          if (i % 100 === 0) await new Promise((r) => setTimeout(r, 10));
        }
      },
    };
    const h = harness([busy]);
    await h.runner.submit(payload());
    expect(h.updates().length).toBeLessThan(15);
    expect(h.updates().at(-1)!.stage_states.generate!.done).toBe(2000);
  });

  it("runs at most `concurrency` scans at once and queues the rest", async () => {
    let active = 0;
    let peak = 0;
    const stage: StageDef = {
      name: "generate",
      output: "candidates",
      async run() {
        peak = Math.max(peak, ++active);
        await new Promise((r) => setTimeout(r, 30));
        active--;
      },
    };
    const h = harness([stage]);
    await Promise.all([h.runner.submit(payload()), h.runner.submit(payload()), h.runner.submit(payload())]);
    expect(peak).toBe(1);
  });
});
