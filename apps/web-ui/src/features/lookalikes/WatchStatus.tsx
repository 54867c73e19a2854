import { useEffect, useState } from "react";
import type { TWatchView } from "@brandwarden/contract/browser/monitoring";
import { messageOf } from "../../api/client.ts";
import { monitoringApi } from "../../api/endpoints.ts";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { plural } from "../../lib/format.ts";
import "./lookalikes.css";

const clock = (iso: string) => {
  const d = new Date(iso);
  const sameDay = d.toDateString() === new Date().toDateString();
  return d.toLocaleString(undefined, sameDay ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" }); // prettier-ignore
};
const hours = (ms: number) => (ms % 3_600_000 === 0 ? plural(ms / 3_600_000, "hour") : plural(Math.round(ms / 60_000), "minute")); // prettier-ignore

/**
 * The watch between scans: how much of the full candidate set this cycle has re-checked (every
 * candidate once per WATCH_FULL_CYCLE), when the cycle should complete, and the last round.
 */
export function WatchStatus() {
  const [view, setView] = useState<TWatchView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    monitoringApi.watch(ctl.signal).then(
      (v) => (setView(v), setError(null)),
      (err: unknown) => (err as Error).name !== "AbortError" && setError(messageOf(err)),
    );
    return () => ctl.abort();
  }, []);

  if (error) return <ErrorBanner error={error} />;
  if (!view) return null;
  const { cycle, last_round: last } = view;
  const pct = cycle && cycle.total > 0 ? Math.floor((cycle.checked / cycle.total) * 100) : 0;
  const parts: string[] = [];
  if (cycle?.completes_at) parts.push(`cycle completes ~${clock(cycle.completes_at)}`);
  if (last) {
    const names = last.stats?.names;
    const found = last.stats?.registered;
    parts.push(
      `last round ${clock(last.started_at)}` +
        (last.status === "running" ? " (running)" : last.status === "failed" ? " (failed)" : "") +
        (names !== undefined ? `, ${plural(names, "name")}` : "") +
        (found !== undefined ? `, ${found.toLocaleString()} new` : ""),
    );
  }
  return (
    <section className="card stack watch-status" aria-labelledby="watch-h" data-testid="watch-status">
      <div className="card-head">
        <h2 id="watch-h">Watch</h2>
        {cycle && cycle.cycles_completed > 0 && (
          <span className="muted">
            {plural(cycle.cycles_completed, "cycle")} completed
            {cycle.last_completed_at && `, last ${clock(cycle.last_completed_at)}`}
          </span>
        )}
      </div>
      {!last && (
        <p className="muted watch-line">
          No watch round yet. Between scans the watch re-checks every candidate name of your domains, the
          riskiest every round.
        </p>
      )}
      {last && !cycle && <p className="watch-line">{parts.join(" · ")}</p>}
      {cycle && (
        <>
          <p className="watch-line" data-testid="watch-line">
            <strong>
              {cycle.checked.toLocaleString()} of {plural(cycle.total, "candidate")}
            </strong>{" "}
            checked this cycle ({pct} %){parts.length > 0 && ` · ${parts.join(" · ")}`}
          </p>
          <div
            className="watch-bar"
            role="progressbar"
            aria-label="Candidates checked this cycle"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            aria-valuetext={`${cycle.checked.toLocaleString()} of ${cycle.total.toLocaleString()} candidates`}
          >
            <span style={{ width: `${pct}%` }} />
          </div>
          <p className="muted watch-line">
            Every candidate is checked at least once every {hours(cycle.full_cycle_ms)}, a slice each round
            {cycle.interval_ms > 0 && ` (every ${hours(cycle.interval_ms)})`}.
          </p>
          {cycle.over_interval && (
            <p className="field-error" role="status">
              A round's paced DNS work takes about {Math.round(cycle.paced_seconds ?? 0).toLocaleString()} s,
              longer than the time between rounds: raise WATCH_QPS or WATCH_FULL_CYCLE.
            </p>
          )}
        </>
      )}
    </section>
  );
}
