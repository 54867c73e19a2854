import { DEFAULT_ATTEMPTS } from "../queue/backoff.ts";
import type { JobDefinition, JobQueue } from "../queue/queue.ts";
import type { MetricsRegistry } from "./registry.ts";

/**
 * The job queue with metrics: its depth per job name and state, read from the queue at scrape
 * time, and failed runs per job name (`retrying`: another attempt follows; `attempts_exhausted`,
 * `invalid_payload`: the job will not run again). Jobs defined through the returned queue are counted.
 */
export function instrumentQueue(queue: JobQueue, metrics: MetricsRegistry): JobQueue {
  metrics.gauge(
    "queue_jobs",
    "Jobs in the queue, by job name and state (waiting, delayed, active)",
    ["job", "state"],
    async (gauge) => {
      // prettier-ignore
      gauge.reset();
      for (const d of await queue.depths()) {
        gauge.set({ job: d.name, state: "waiting" }, d.waiting);
        gauge.set({ job: d.name, state: "delayed" }, d.delayed);
        gauge.set({ job: d.name, state: "active" }, d.active);
      }
    },
  );
  const failures = metrics.counter("job_failures_total", "Failed job runs, by job name and what follows", ["job", "reason"]); // prettier-ignore
  const define = <P>(def: JobDefinition<P>) => {
    const attempts = def.attempts ?? DEFAULT_ATTEMPTS;
    queue.define<P>({
      ...def,
      parse(payload) {
        try {
          return def.parse(payload);
        } catch (err) {
          failures.inc({ job: def.name, reason: "invalid_payload" });
          throw err;
        }
      },
      async handler(payload, ctx) {
        try {
          await def.handler(payload, ctx);
        } catch (err) {
          const last = ctx.attempt >= attempts;
          failures.inc({ job: def.name, reason: last ? "attempts_exhausted" : "retrying" });
          throw err;
        }
      },
    });
  };
  // Everything but `define` is the queue's own, looked up at each call (not copied now), so a
  // queue whose methods are replaced later (a test watching what is enqueued) is still the one used.
  return new Proxy(queue, {
    get: (target, prop, receiver) => (prop === "define" ? define : Reflect.get(target, prop, receiver)),
  });
}
