import { describe, expect, it } from "vitest";
import { waitFor } from "../../testing/wait-for.ts";
import { createMemoryQueue } from "../queue/memory-queue.ts";
import { instrumentQueue } from "./queue-metrics.ts";
import { parsePrometheusText, total } from "../../testing/prometheus-text.ts";
import { createMetricsRegistry } from "./registry.ts";

const scrape = async (metrics: ReturnType<typeof createMetricsRegistry>) =>
  parsePrometheusText(await metrics.registry.metrics());

describe("instrumentQueue", () => {
  it("counts failed runs by job and what follows, and reads the depth at scrape time", async () => {
    const metrics = createMetricsRegistry("web");
    const raw = createMemoryQueue();
    const queue = instrumentQueue(raw, metrics);
    let runs = 0;
    queue.define({
      name: "flaky",
      parse: (p) => p as { n: number },
      attempts: 2,
      backoffMs: 1,
      handler: async () => {
        runs++;
        throw new Error("always fails");
      },
    });
    queue.define({
      name: "later",
      parse: (p) => p,
      handler: async () => undefined,
    });
    await queue.enqueue("later", {}, { delayMs: 60_000 });
    const depth = async (state: string) =>
      total(await scrape(metrics), "brandwarden_queue_jobs", { job: "later", state });
    expect(await depth("delayed")).toBe(1);
    expect(await depth("waiting")).toBe(0);
    await queue.start();
    await queue.enqueue("flaky", { n: 1 });
    await waitFor(async () => runs === 2, "both attempts of the flaky job");
    const failures = async (reason: string) =>
      total(await scrape(metrics), "brandwarden_job_failures_total", { job: "flaky", reason });
    await waitFor(async () => (await failures("attempts_exhausted")) === 1, "the permanent failure counted");
    expect(await failures("retrying")).toBe(1);
    await queue.close();
  });
});
