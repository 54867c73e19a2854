import { SEVERITIES } from "@brandwarden/contract/constants";
import type { TCampaignView } from "@brandwarden/contract/browser/campaigns";
import type { TFindingCounts } from "@brandwarden/contract/browser/findings";
import { Empty } from "../../ui/Empty.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import "./dashboard.css";

/** Findings per severity, from the page's counts (null while loading; `error`: they failed). */
export function SeverityChart({
  counts: all,
  error,
}: {
  counts: TFindingCounts | null;
  error: string | null;
}) {
  const counts = all?.by_severity ?? null;
  const bands = [...SEVERITIES].reverse();
  const max = Math.max(1, ...bands.map((s) => counts?.[s] ?? 0));
  const total = bands.reduce((n, s) => n + (counts?.[s] ?? 0), 0);
  const W = 360,
    ROW = 30,
    LABEL = 70,
    H = bands.length * ROW + 8;
  return (
    <section className="card" aria-labelledby="sev-h">
      <div className="card-head">
        <h2 id="sev-h">Severity</h2>
        <span className="muted">{total.toLocaleString()} domains</span>
      </div>
      <ErrorBanner error={error} />
      {counts && (
        <svg
          className="chart"
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          aria-label={`Findings by severity: ${bands.map((s) => `${s} ${counts[s]}`).join(", ")}`}
        >
          {bands.map((s, i) => {
            const w = ((W - LABEL - 50) * counts[s]) / max;
            const y = i * ROW + 4;
            return (
              <g key={s}>
                <text x={0} y={y + 17} className="chart-label">
                  {s}
                </text>
                <rect x={LABEL} y={y} width={W - LABEL - 50} height={22} rx={4} className="chart-track" />
                <rect
                  x={LABEL}
                  y={y}
                  width={Math.max(counts[s] ? 3 : 0, w)}
                  height={22}
                  rx={4}
                  className={`chart-bar fill-${s}`}
                />
                <text x={LABEL + Math.max(w, 0) + 6} y={y + 16} className="chart-value">
                  {counts[s]}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </section>
  );
}

const shorten = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

const hueOf = (i: number) => (i * 67) % 360;

/**
 * Campaigns as groups: each campaign's shared infrastructure (the keys its findings have in
 * common) at the centre, its domains on a circle around it, one link per domain, its name
 * underneath (two lines). The brand's own registrations are drawn grey and dashed.
 */
export function CampaignGraph({
  campaigns,
  onPick,
}: {
  campaigns: TCampaignView[];
  onPick(id: string): void;
}) {
  const shown = campaigns.slice(0, 12);
  if (!shown.length)
    return <Empty title="No campaigns">Findings that share infrastructure are grouped here.</Empty>;
  const COLS = Math.min(3, shown.length);
  const CELL = 300;
  const CELL_H = 340; // room under the circle for the two-line name
  const rows = Math.ceil(shown.length / COLS);
  return (
    <svg
      className="graph"
      viewBox={`0 0 ${COLS * CELL} ${rows * CELL_H}`}
      role="img"
      aria-label={`Campaign graph: ${shown.length} campaigns`}
      data-testid="campaign-graph"
    >
      {shown.map((c, i) => {
        const cx = (i % COLS) * CELL + CELL / 2;
        const cy = Math.floor(i / COLS) * CELL_H + CELL / 2;
        const domains = c.domains.slice(0, 24);
        const r = domains.length > 12 ? 105 : 85;
        const own = c.kind === "defensive";
        const hue = hueOf(i);
        const sat = own ? 0 : 1; // the brand's own: grey
        const [line1, line2] = captionLines(c);
        return (
          <g key={c.campaign_id} className={own ? "graph-group graph-own" : "graph-group"}>
            <title>{`${c.name}\n${c.evidence.map((e) => e.text).join("\n")}`}</title>
            <circle
              cx={cx}
              cy={cy}
              r={r + 22}
              className="graph-halo"
              style={{ fill: `hsl(${hue} ${70 * sat}% 96%)`, stroke: `hsl(${hue} ${50 * sat}% 80%)` }}
            />
            {domains.map((d, j) => {
              const a = (2 * Math.PI * j) / domains.length - Math.PI / 2;
              const x = cx + r * Math.cos(a);
              const y = cy + r * Math.sin(a);
              return (
                <g key={d}>
                  <line x1={cx} y1={cy} x2={x} y2={y} style={{ stroke: `hsl(${hue} ${45 * sat}% 65%)` }} />
                  <circle cx={x} cy={y} r={6} style={{ fill: `hsl(${hue} ${60 * sat}% 45%)` }}>
                    <title>{d}</title>
                  </circle>
                  {domains.length <= 8 && (
                    <text
                      x={x}
                      y={y + (Math.sin(a) >= 0 ? 18 : -10)}
                      textAnchor="middle"
                      className="graph-domain"
                    >
                      {d.length > 26 ? `${d.slice(0, 24)}…` : d}
                    </text>
                  )}
                </g>
              );
            })}
            <g
              role="button"
              tabIndex={0}
              className="graph-hub"
              aria-label={`Filter findings by campaign ${c.name}`}
              onClick={() => onPick(c.campaign_id)}
              onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && onPick(c.campaign_id)}
            >
              <circle cx={cx} cy={cy} r={24} style={{ fill: `hsl(${hue} ${55 * sat}% 38%)` }} />
              <text x={cx} y={cy + 5} textAnchor="middle" className="graph-hub-text">
                {c.size}
              </text>
            </g>
            <text x={cx} y={cy + r + 44} textAnchor="middle" className="graph-caption">
              <tspan x={cx}>{line1}</tspan>
              {line2 && (
                <tspan x={cx} dy={17} className="graph-caption-sub">
                  {line2}
                </tspan>
              )}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * A campaign's name on two lines: its lead ("Hostinger 127.20.80.1", "Brand's own") over the
 * rest ("registered Oct 25–27 · 9 domains"), each cut to fit its cell.
 */
function captionLines(c: TCampaignView): [string, string] {
  const [lead = c.campaign_id, ...rest] = c.name.split(" · ");
  const first = c.kind === "defensive" ? "Brand's own registrations" : lead;
  return [shorten(first, 30), shorten(rest.join(" · "), 38)];
}
