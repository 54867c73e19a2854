import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Every series this product defines starts with it (prom-client's process metrics keep their own names). */
const METRIC_PREFIX = "brandwarden_";

/**
 * One service's metrics (the web app's or the worker's): its own registry, so the two services of
 * the embedded deployment, which share a process, each answer their own `/metrics`. Series are
 * made through it with the prefix added; prom-client's default process metrics are collected too.
 */
export function createMetricsRegistry(service: "web" | "worker") {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const named = (name: string) => `${METRIC_PREFIX}${name}`;
  return {
    registry,
    counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
      return new Counter<L>({ name: named(name), help, labelNames, registers: [registry] });
    },
    gauge<L extends string>(
      name: string,
      help: string,
      labelNames: readonly L[] = [],
      /** Runs at scrape time: sets the gauge from what is true now. */
      collect?: (gauge: Gauge<L>) => void | Promise<void>,
    ) {
      return new Gauge<L>({
        name: named(name),
        help,
        labelNames,
        registers: [registry],
        ...(collect ? { collect: function (this: Gauge<L>) { return collect(this); } } : {}), // prettier-ignore
      });
    },
    histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) {
      return new Histogram<L>({ name: named(name), help, labelNames, buckets, registers: [registry] });
    },
  };
}

export type MetricsRegistry = ReturnType<typeof createMetricsRegistry>;
