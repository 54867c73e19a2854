import { useEffect, useState } from "react";
import type { TTakedownStats } from "@brandwarden/contract/browser/takedown-cases";
import { messageOf } from "../../api/client.ts";
import { takedownApi } from "../../api/endpoints.ts";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { shareWords, timeToDownWords } from "./case-words.ts";
import "./takedowns.css";

/** Providers the chart shows: the busiest. */
const CHART_ROWS = 12;

/** The counts and speeds over the user's cases, then the median time to down per provider. */
export function TakedownStats() {
  const [stats, setStats] = useState<TTakedownStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    let live = true;
    takedownApi.stats().then(
      (s) => live && (setStats(s), setError(null)),
      (err: unknown) => live && setError(messageOf(err)),
    );
    return () => {
      live = false;
    };
  }, [reload]);
  if (error) return <ErrorBanner error={error} onRetry={() => setReload((r) => r + 1)} />;
  if (!stats) return null;
  const tiles: Array<[label: string, value: string, key: string]> = [
    ["Open", String(stats.open + stats.reemerged), "open"],
    ["Sent", String(stats.sent), "sent"],
    ["Escalated", String(stats.escalated), "escalated"],
    ["Down", String(stats.down), "down"],
    ["Median time to down", timeToDownWords(stats.median_time_to_down_s), "median"],
    ["Down within 24 h", shareWords(stats.down_within_24h_share), "within-24h"],
  ];
  return (
    <section className="card" aria-labelledby="td-stats-h" data-testid="takedown-stats">
      <h2 id="td-stats-h">How fast sites go down</h2>
      <dl className="td-tiles">
        {tiles.map(([label, value, key]) => (
          <div key={key} className="td-tile" data-stat={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {stats.reemerged > 0 && (
        <p className="hint">
          Open includes {stats.reemerged} re-emerged (a site that came back after going down).
        </p>
      )}
      <ProviderChart rows={stats.by_recipient} />
    </section>
  );
}

/** Median time to down per provider as bars; a provider with no site down yet says so. */
function ProviderChart({ rows }: { rows: TTakedownStats["by_recipient"] }) {
  if (!rows.length) return <p className="muted">Per-provider times appear once reports have been sent.</p>;
  const shown = [...rows].sort((a, b) => b.cases - a.cases).slice(0, CHART_ROWS);
  const max = Math.max(1, ...shown.map((r) => r.median_time_to_down_s ?? 0));
  const W = 640,
    ROW = 30,
    LABEL = 250,
    VALUE = 150,
    H = shown.length * ROW + 8;
  const bar = W - LABEL - VALUE;
  const words = (r: (typeof rows)[number]) =>
    r.median_time_to_down_s === null
      ? `none down of ${r.cases}`
      : `${timeToDownWords(r.median_time_to_down_s)} (${r.down} of ${r.cases} down)`;
  return (
    <figure className="td-chart">
      <figcaption>Median time to down, per provider</figcaption>
      <svg
        className="td-chart-svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Median time to down per provider: ${shown.map((r) => `${r.organisation} (${r.role}) ${words(r)}`).join("; ")}`}
        data-testid="time-to-down-chart"
      >
        {shown.map((r, i) => {
          const y = i * ROW + 4;
          const w = r.median_time_to_down_s === null ? 0 : (bar * r.median_time_to_down_s) / max;
          const name = `${r.organisation} (${r.role})`;
          return (
            <g key={`${r.role}:${r.organisation}`}>
              <text x={0} y={y + 16} className="td-chart-label">
                {name.length > 36 ? `${name.slice(0, 35)}…` : name}
                <title>{name}</title>
              </text>
              <rect x={LABEL} y={y} width={bar} height={22} rx={4} className="td-chart-track" />
              <rect
                x={LABEL}
                y={y}
                width={Math.max(w ? 3 : 0, w)}
                height={22}
                rx={4}
                className="td-chart-bar"
              />
              <text x={LABEL + bar + 8} y={y + 16} className="td-chart-value">
                {words(r)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
