import { useEffect, useRef } from "react";
import { SCAN_STAGES } from "@brandwarden/contract/constants";
import type { TLogLine, TScan } from "@brandwarden/contract/browser/scans";
import { Empty } from "../../ui/Empty.tsx";
import { StatusBadge } from "../../ui/StatusBadge.tsx";
import { time } from "../../lib/format.ts";
import type { LiveMode } from "./useScanLive.ts";
import "./dashboard.css";

const STAGE_NAMES: Record<string, string> = {
  generate: "Generate permutations",
  resolve: "Resolve DNS",
  enrich: "Enrich (WHOIS, web, TLS, screenshots)",
  social: "Social accounts",
  score: "Score and cluster",
  audit: "AI audit",
};

const MODE_TEXT: Record<LiveMode, string> = {
  idle: "",
  connecting: "Connecting…",
  live: "Live",
  polling: "Updating every 2 s",
};

/** Progress per stage of the scan, from the live stream (or the poll). */
export function StageProgress({ scan, mode }: { scan: TScan; mode: LiveMode }) {
  return (
    <section className="card" aria-labelledby="progress-h">
      <div className="card-head">
        <h2 id="progress-h">Progress</h2>
        {MODE_TEXT[mode] && <span className={`live live-${mode}`}>{MODE_TEXT[mode]}</span>}
      </div>
      <ol className="stages">
        {SCAN_STAGES.map((stage) => {
          const s = scan.stage_states[stage];
          const pct =
            s && s.total > 0
              ? Math.min(100, Math.round((s.done / s.total) * 100))
              : s?.status === "completed"
                ? 100
                : 0;
          return (
            <li key={stage} className={`stage stage-${s?.status ?? "pending"}`} data-stage={stage}>
              <div className="row-between">
                <span>{STAGE_NAMES[stage] ?? stage}</span>
                <span className="row">
                  {s && s.total > 0 && (
                    <span className="muted num">
                      {s.done.toLocaleString()} / {s.total.toLocaleString()}
                    </span>
                  )}
                  <StatusBadge status={s?.status ?? "pending"} />
                </span>
              </div>
              <div
                className="bar"
                role="progressbar"
                aria-label={`${STAGE_NAMES[stage] ?? stage} progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={pct}
              >
                <span style={{ width: `${pct}%` }} />
              </div>
              {s?.status === "running" && s.waiting_on && (
                <p className="muted stage-waiting">Waiting on {s.waiting_on}</p>
              )}
              {s?.error && <p className="field-error">{s.error}</p>}
            </li>
          );
        })}
      </ol>
      {scan.error && <p className="field-error">Scan error: {scan.error}</p>}
    </section>
  );
}

export function ScanLog({ log }: { log: TLogLine[] }) {
  const box = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  useEffect(() => {
    const el = box.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [log]);
  return (
    <section className="card" aria-labelledby="log-h">
      <div className="card-head">
        <h2 id="log-h">Scan log</h2>
        <span className="muted">{log.length} lines</span>
      </div>
      {log.length === 0 ? (
        <Empty title="Nothing logged yet" />
      ) : (
        <ol
          className="log"
          ref={box}
          tabIndex={0}
          aria-label="Scan log lines"
          aria-live="polite"
          onScroll={(e) => {
            const el = e.currentTarget;
            stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
          }}
        >
          {log.map((l, i) => (
            <li key={i} className={`log-${l.level}`}>
              <time dateTime={l.ts}>{time(l.ts)}</time>
              {l.stage && <span className="log-stage">{l.stage}</span>}
              <span>{l.message}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
