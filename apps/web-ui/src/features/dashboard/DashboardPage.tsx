import { useEffect, useState } from "react";
import { isTerminalScanStatus } from "@brandwarden/contract/constants";
import { messageOf } from "../../api/client.ts";
import { dashboardApi, reportUrl } from "../../api/endpoints.ts";
import type { TCampaignView } from "@brandwarden/contract/browser/campaigns";
import type { TFindingCounts } from "@brandwarden/contract/browser/findings";
import type { TScan, TScanStatusView } from "@brandwarden/contract/browser/scans";
import type { FindingsFilters } from "../../api/findings-query.ts";
import { ChangesPanel } from "../lookalikes/ChangesPanel.tsx";
import { Empty } from "../../ui/Empty.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { StatusBadge } from "../../ui/StatusBadge.tsx";
import { ActOn } from "./ActOn.tsx";
import { Campaigns } from "./Campaigns.tsx";
import { SeverityChart } from "./Charts.tsx";
import { FindingsTable } from "./FindingsTable.tsx";
import { ScanLog, StageProgress } from "./Progress.tsx";
import { ScanHistory } from "./ScanHistory.tsx";
import { SocialTable } from "./SocialTable.tsx";
import { useActingFor, useUserPaths } from "../../lib/acting-for-context.tsx";
import { useScanLive } from "./useScanLive.ts";
import { dateTime } from "../../lib/format.ts";
import { Link, navigate, useLocation, useTitle } from "../../lib/router.tsx";
import "./dashboard.css";

export function DashboardPage() {
  // Opened from the admin area for another user, every request names that user (ActingFor).
  const acting = useActingFor();
  const paths = useUserPaths();
  useTitle(acting ? `Dashboard · ${acting.email}` : "Dashboard");
  const { query } = useLocation();
  const requested = query.get("scan") ?? undefined;
  const { status, scan, error, waiting, mode, findingsTick, refresh } = useScanLive(requested);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [campaigns, setCampaigns] = useState<TCampaignView[]>([]);
  /** The scan whose campaigns are loaded: until then "act on" says nothing about campaigns. */
  const [campaignsOf, setCampaignsOf] = useState<string | null>(null);
  // What the findings table opens filtered by: a change picked in "Since the last scan" (or named
  // by an alert's link), a severity or campaign picked in "Act on these first" or Campaigns. Each
  // pick replaces the last (`n` remounts the table with it).
  const [tablePick, setTablePick] = useState<{ filters: FindingsFilters; n: number }>(() => ({
    filters: { change: (query.get("change") ?? "") as FindingsFilters["change"] },
    n: 0,
  }));
  const pickForTable = (filters: FindingsFilters) => {
    setTablePick((p) => ({ filters, n: p.n + 1 }));
    document.getElementById("findings-h")?.scrollIntoView({ behavior: "smooth" });
  };
  const scanId = scan?.scan_id;

  // The scan's counts, one request per live update: the chart and "act on" both show them.
  const [counts, setCounts] = useState<{ of: string; counts: TFindingCounts } | null>(null);
  const [countsError, setCountsError] = useState<string | null>(null);
  useEffect(() => {
    if (!scanId) return;
    const ctl = new AbortController();
    dashboardApi.counts(scanId, ctl.signal).then(
      (c) => (setCounts({ of: scanId, counts: c }), setCountsError(null)),
      (err: unknown) => (err as Error).name !== "AbortError" && setCountsError(messageOf(err)),
    );
    return () => ctl.abort();
  }, [scanId, findingsTick]);
  const scanCounts = counts && counts.of === scanId ? counts.counts : null;

  useEffect(() => {
    if (!scanId) return setCampaigns([]);
    dashboardApi.campaigns(scanId).then(
      (r) => (setCampaigns(r.campaigns), setCampaignsOf(scanId)),
      () => (setCampaigns([]), setCampaignsOf(scanId)),
    );
  }, [scanId, findingsTick]);

  const act = async (fn: () => Promise<{ scan: TScan }>, open = false) => {
    setBusy(true);
    setActionError(null);
    try {
      const { scan: next } = await fn();
      if (open) navigate(`${paths.dashboard}?scan=${next.scan_id}`);
      else await refresh();
    } catch (err) {
      setActionError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  if (!status && (error || waiting))
    return (
      <div className="stack">
        {waiting ? (
          <Notice tone="warn">{waiting}</Notice>
        ) : (
          <ErrorBanner error={error} onRetry={() => void refresh()} />
        )}
        {requested && (
          <p>
            <Link to={paths.dashboard}>Open the latest scan</Link> instead.
          </p>
        )}
      </div>
    );
  if (!status) return <Loading label="Loading the dashboard…" />;

  const running = scan ? !isTerminalScanStatus(scan.status) : false;
  return (
    <div className="stack">
      <div className="page-head row-between">
        <div>
          <h1>{acting ? `Dashboard of ${acting.email}` : "Dashboard"}</h1>
          {scan ? (
            <p className="muted" data-testid="scan-summary">
              Scan started {dateTime(scan.created_at)} · <StatusBadge status={scan.status} />
              {scan.completed_at && <> · finished {dateTime(scan.completed_at)}</>}
            </p>
          ) : (
            <p className="muted">No scan yet.</p>
          )}
        </div>
        <div className="row">
          {running && scan && (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => void act(() => dashboardApi.stop(scan.scan_id))}
            >
              Stop scan
            </button>
          )}
          {scan && (scan.status === "cancelled" || scan.status === "failed") && (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => void act(() => dashboardApi.resume(scan.scan_id))}
            >
              Resume scan
            </button>
          )}
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || running}
            onClick={() => void act(() => dashboardApi.start(), true)}
          >
            {running ? "Scan running…" : "Start scan"}
          </button>
        </div>
      </div>
      <ErrorBanner error={actionError} />
      {waiting && <Notice tone="warn">{waiting}</Notice>}
      {error && <ErrorBanner error={`Live updates paused: ${error}`} onRetry={() => void refresh()} />}
      {!scan ? (
        <div className="card">
          <Empty title="Start your first scan">
            <p>
              Brandwarden generates lookalikes of your owned domains, checks which exist, and scores them.
              Make sure the <Link to={paths.profile}>brand profile</Link> lists the domains, then press{" "}
              <strong>Start scan</strong>.
            </p>
          </Empty>
        </div>
      ) : (
        <>
          {scan.status === "pending" && (
            <Notice>
              The scan starts as soon as your owned domains are enriched (see the{" "}
              <Link to={paths.profile}>brand profile</Link>).
            </Notice>
          )}
          <ActOn
            scanId={scan.scan_id}
            tick={findingsTick}
            running={running}
            counts={scanCounts}
            campaigns={campaignsOf === scan.scan_id ? campaigns : null}
            takedownsPath={paths.takedowns}
            onSeverity={(severity) => pickForTable({ severity })}
            onCampaign={(campaign) => pickForTable({ campaign })}
          />
          <Reports scanId={scan.scan_id} status={status} />
          {scan.status === "completed" && (
            <ChangesPanel
              scanId={scan.scan_id}
              tick={findingsTick}
              selected={tablePick.filters.change ?? ""}
              onPick={(change) => pickForTable({ change })}
            />
          )}
          <div className="grid-3">
            <StageProgress scan={scan} mode={mode} />
            <ScanLog log={status.log} />
            <div className="stack">
              <SeverityChart counts={scanCounts} error={countsError} />
              <ScanHistory current={scan.scan_id} refreshOn={`${scan.scan_id}:${scan.status}`} />
            </div>
          </div>
          <FindingsTable
            key={`${scan.scan_id}:${tablePick.n}`}
            scanId={scan.scan_id}
            tick={findingsTick}
            campaigns={campaigns}
            initialFilters={tablePick.filters}
            onLabeled={() => undefined}
          />
          <SocialTable scanId={scan.scan_id} tick={findingsTick} coverage={scan.social_coverage} />
          <Campaigns
            scanId={scan.scan_id}
            campaigns={campaigns}
            done={scan.status === "completed"}
            onPick={(campaign) => pickForTable({ campaign })}
          />
        </>
      )}
    </div>
  );
}

function Reports({ scanId, status }: { scanId: string; status: TScanStatusView }) {
  const report = status.report;
  const scanDone = status.scan?.status === "completed";
  if (!scanDone) return null;
  return (
    <div className="card card-inline" aria-label="Reports">
      <strong>Reports</strong>
      {report?.status === "ready" ? (
        <>
          <a className="btn btn-small" href={reportUrl(scanId)} download>
            Download full report (PDF)
          </a>
          <a className="btn btn-small" href={reportUrl(scanId, "summary")} download>
            Download summary (PDF)
          </a>
        </>
      ) : report?.status === "failed" ? (
        <span className="field-error">The report could not be built: {report.error ?? "unknown error"}.</span>
      ) : (
        <span className="muted">
          <span className="spinner" aria-hidden="true" /> Building the PDF reports…
        </span>
      )}
    </div>
  );
}
