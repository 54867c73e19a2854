import { createMetricsRegistry } from "@brandwarden/platform/metrics/registry";

/** Seconds behind: an event applied at once to one a restart or an outage held for minutes. */
const LAG_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800];

/**
 * The web application's metrics (served at GET /metrics): HTTP and the job queue are counted by
 * platform helpers on this registry; the event consumer reports here how far behind the worker's
 * streams it is and what it dead-letters.
 */
export function createWebMetrics() {
  const m = createMetricsRegistry("web");
  const applied = m.counter("events_applied_total", "Worker events the consumer applied, by kind", ["kind"]); // prettier-ignore
  const lag = m.gauge("event_consumer_lag_seconds", "How far behind the event stream the consumer is: age of the event it applied last"); // prettier-ignore
  const lagSeen = m.histogram("event_lag_seconds", "Age of each worker event when the consumer applied it", [], LAG_BUCKETS); // prettier-ignore
  const deadLetters = m.counter("event_dead_letters_total", "Worker events moved to the dead-letter stream (poison), by stream", ["stream"]); // prettier-ignore
  return {
    registry: m,
    events: {
      applied(kind: string, publishedAt: string) {
        const seconds = Math.max(0, (Date.now() - Date.parse(publishedAt)) / 1000);
        applied.inc({ kind });
        if (!Number.isFinite(seconds)) return;
        lag.set(seconds);
        lagSeen.observe(seconds);
      },
      deadLettered(stream: string) {
        deadLetters.inc({ stream });
      },
    },
  };
}
