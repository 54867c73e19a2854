import { useEffect, useState } from "react";
import type { TSeverity } from "@brandwarden/contract/common";
import type { TCampaignView } from "@brandwarden/contract/browser/campaigns";
import type { TDomainFindingView, TFindingCounts } from "@brandwarden/contract/browser/findings";
import type { TTakedownStats } from "@brandwarden/contract/browser/takedown-cases";
import { messageOf } from "../../api/client.ts";
import { dashboardApi, takedownApi } from "../../api/endpoints.ts";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { SeverityBadge } from "../../ui/SeverityBadge.tsx";
import { plural, scoreOf, severityOf } from "../../lib/format.ts";
import { Link } from "../../lib/router.tsx";
import "./dashboard.css";

/** Findings and campaigns listed by name; the rest are one click away (the table, the campaigns card). */
const TOP_FINDINGS = 5;
const TOP_CAMPAIGNS = 3;
const URGENT: TSeverity[] = ["critical", "high"];

/**
 * The scan's worst findings, critical before high: the first page by adjusted score holds them
 * (severity follows the score), so one request, beside the table's, serves the list.
 */
async function loadWorst(scanId: string, signal: AbortSignal): Promise<TDomainFindingView[]> {
  const page = await dashboardApi.findings(
    { scan_id: scanId, sort: "adjusted_score", dir: "desc", page: 1 },
    signal,
  );
  return page.findings.filter((f) => URGENT.includes(severityOf(f))).slice(0, TOP_FINDINGS);
}

/**
 * "Act on these first", the dashboard's lead: the critical and high findings (each band filters
 * the table, the worst are linked), the attack campaigns, and the takedown cases still running.
 * Derived from the routes the rest of the dashboard reads; `counts` is the page's own (one request
 * per live update serves the chart and this), `tick` reloads the rest on live updates.
 */
export function ActOn({
  scanId,
  tick,
  running,
  counts,
  campaigns,
  takedownsPath,
  onSeverity,
  onCampaign,
}: {
  scanId: string;
  tick: number;
  running: boolean;
  /** The scan's counts; null while loading. */
  counts: TFindingCounts | null;
  /** Null while loading. */
  campaigns: TCampaignView[] | null;
  /** The cases' page of the user whose dashboard this is (the admin's view of it when acting for them). */
  takedownsPath: string;
  onSeverity(severity: TSeverity): void;
  onCampaign(id: string): void;
}) {
  const [worst, setWorst] = useState<TDomainFindingView[] | null>(null);
  const [stats, setStats] = useState<TTakedownStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    Promise.all([loadWorst(scanId, ctl.signal), takedownApi.stats()]).then(
      ([w, s]) => (setWorst(w), setStats(s), setError(null)),
      (err: unknown) => (err as Error).name !== "AbortError" && setError(messageOf(err)),
    );
    return () => ctl.abort();
  }, [scanId, tick, reload]);

  const attacks = campaigns?.filter((c) => c.kind === "attack") ?? [];
  return (
    <section className="card act-on" aria-labelledby="act-h" data-testid="act-on">
      <div className="card-head">
        <h2 id="act-h">Act on these first</h2>
        {running && <span className="muted">So far: the scan is still running</span>}
      </div>
      <ErrorBanner error={error} onRetry={() => setReload((r) => r + 1)} />
      <div className="act-grid">
        <div className="act-block" data-testid="act-urgent">
          <h3>Critical and high findings</h3>
          {counts && worst && (
            <>
              <div className="act-counts">
                {URGENT.map((s) => (
                  <button
                    key={s}
                    type="button"
                    className="count-tile"
                    data-severity={s}
                    onClick={() => onSeverity(s)}
                    title={`Show the ${s} findings in the table below`}
                  >
                    <span className="n">{counts.by_severity[s]}</span>
                    <SeverityBadge severity={s} />
                  </button>
                ))}
              </div>
              {worst.length === 0 ? (
                <p className="muted">No critical or high finding{running ? " yet" : " in this scan"}.</p>
              ) : (
                <ul className="changes-list act-list" aria-label="Worst findings">
                  {worst.map((f) => (
                    <li key={f.id}>
                      <SeverityBadge severity={severityOf(f)} />
                      <div className="act-item">
                        <Link to={`/findings/${f.id}`}>{f.domain}</Link>
                        <span className="muted">
                          {" "}
                          · score {scoreOf(f) ?? "—"}
                          {f.page_title ? ` · ${f.page_title}` : ""}
                        </span>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
        <div className="act-block" data-testid="act-campaigns">
          <h3>Campaigns</h3>
          {!campaigns ? null : attacks.length === 0 ? (
            <p className="muted">
              {campaigns.length
                ? "No attack campaign: the linked lookalikes look like the brand's own registrations."
                : `No campaign${running ? " yet" : ""}: no lookalikes share infrastructure.`}
            </p>
          ) : (
            <>
              <p>{plural(attacks.length, "attack campaign")}: lookalikes that share infrastructure.</p>
              <ul className="changes-list act-list" aria-label="Worst campaigns">
                {attacks.slice(0, TOP_CAMPAIGNS).map((c) => (
                  <li key={c.campaign_id}>
                    {c.worst_severity && <SeverityBadge severity={c.worst_severity} />}
                    <button
                      type="button"
                      className="link"
                      onClick={() => onCampaign(c.campaign_id)}
                      title={`Show its ${c.size} findings in the table below`}
                    >
                      {c.name}
                    </button>
                  </li>
                ))}
              </ul>
              {attacks.length > TOP_CAMPAIGNS && (
                <button
                  type="button"
                  className="link"
                  onClick={() =>
                    document.getElementById("campaigns-h")?.scrollIntoView({ behavior: "smooth" })
                  }
                >
                  and {attacks.length - TOP_CAMPAIGNS} more in Campaigns below
                </button>
              )}
            </>
          )}
        </div>
        <div className="act-block" data-testid="act-takedowns">
          <h3>Takedowns</h3>
          {stats && <TakedownSummary stats={stats} path={takedownsPath} />}
        </div>
      </div>
    </section>
  );
}

/** The cases not ended, by where they stand: to send (open, re-emerged), sent, escalated. */
function TakedownSummary({ stats, path }: { stats: TTakedownStats; path: string }) {
  const rows: Array<[state: string, n: number, words: string]> = [
    ["open", stats.open, "to send"],
    ["reemerged", stats.reemerged, "re-emerged, to send again"],
    ["sent", stats.sent, "sent, waiting for the site to go down"],
    ["escalated", stats.escalated, "escalated"],
  ];
  const running = rows.reduce((n, [, k]) => n + k, 0);
  const total = running + stats.down + stats.withdrawn;
  if (total === 0)
    return (
      <p className="muted">
        No takedown case yet. Open one with “Open takedown” on a finding in the table below.
      </p>
    );
  return (
    <>
      <p>
        {running === 0 ? "No case running." : `${plural(running, "case")} running.`}{" "}
        {stats.down > 0 && <span className="muted">{stats.down} down so far.</span>}
      </p>
      {running > 0 && (
        <ul className="changes-list act-list" aria-label="Takedown cases running">
          {rows
            .filter(([, n]) => n > 0)
            .map(([state, n, words]) => (
              <li key={state} data-state={state}>
                <span className="n">{n}</span>
                <Link to={`${path}?state=${state}`}>{words}</Link>
              </li>
            ))}
        </ul>
      )}
      <Link to={path}>All takedown cases</Link>
    </>
  );
}
