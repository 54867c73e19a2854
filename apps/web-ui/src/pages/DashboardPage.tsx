import { useEffect, useState } from "react";
import { isTerminalScanStatus } from "@brandwarden/contract/scan";
import { messageOf } from "../api/client.ts";
import { dashboardApi, reportUrl } from "../api/endpoints.ts";
import type { Campaign, DashboardStatus, Scan } from "../api/types.ts";
import { Empty, ErrorBanner, Loading, Notice, StatusBadge } from "../components/ui.tsx";
import { Campaigns } from "../dashboard/Campaigns.tsx";
import { SeverityChart } from "../dashboard/Charts.tsx";
import { FindingsTable } from "../dashboard/FindingsTable.tsx";
import { ScanLog, StageProgress } from "../dashboard/Progress.tsx";
import { ScanHistory } from "../dashboard/ScanHistory.tsx";
import { SocialTable } from "../dashboard/SocialTable.tsx";
import { useScanLive } from "../dashboard/useScanLive.ts";
import { dateTime } from "../lib/format.ts";
import { Link, navigate, useLocation, useTitle } from "../lib/router.tsx";

export function DashboardPage() {
  useTitle("Dashboard");
  const { query } = useLocation();
  const requested = query.get("scan") ?? undefined;
  const { status, scan, error, mode, findingsTick, refresh } = useScanLive(requested);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [campaigns, setCampaigns] = useState<Campaign[]>([]);
  const [campaignPick, setCampaignPick] = useState<{ id: string; n: number } | null>(null);
  const scanId = scan?.scan_id;

  useEffect(() => {
    if (!scanId) return setCampaigns([]);
    dashboardApi.campaigns(scanId).then(
      (r) => setCampaigns(r.campaigns),
      () => setCampaigns([]),
    );
  }, [scanId, findingsTick]);

  const act = async (fn: () => Promise<{ scan: Scan }>, open = false) => {
    setBusy(true);
    setActionError(null);
    try {
      const { scan: next } = await fn();
      if (open) navigate(`/dashboard?scan=${next.scan_id}`);
      else await refresh();
    } catch (err) {
      setActionError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  if (!status && error)
    return (
      <div className="stack">
        <ErrorBanner error={error} onRetry={() => void refresh()} />
        {requested && (
          <p>
            <Link to="/dashboard">Open your latest scan</Link> instead.
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
          <h1>Dashboard</h1>
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
            onClick={() => void act(dashboardApi.start, true)}
          >
            {running ? "Scan running…" : "Start scan"}
          </button>
        </div>
      </div>
      <ErrorBanner error={actionError} />
      {error && <ErrorBanner error={`Live updates paused: ${error}`} onRetry={() => void refresh()} />}
      {!scan ? (
        <div className="card">
          <Empty title="Start your first scan">
            <p>
              Brandwarden generates lookalikes of your owned domains, checks which exist, and scores them.
              Make sure your <Link to="/account">brand profile</Link> lists your domains, then press{" "}
              <strong>Start scan</strong>.
            </p>
          </Empty>
        </div>
      ) : (
        <>
          {scan.status === "pending" && (
            <Notice>
              The scan starts as soon as your owned domains are enriched (see the{" "}
              <Link to="/account">brand profile</Link>).
            </Notice>
          )}
          <Reports scanId={scan.scan_id} status={status} />
          <div className="grid-3">
            <StageProgress scan={scan} mode={mode} />
            <ScanLog log={status.log} />
            <div className="stack">
              <SeverityChart scanId={scan.scan_id} tick={findingsTick} />
              <ScanHistory current={scan.scan_id} tick={findingsTick} />
            </div>
          </div>
          <FindingsTable
            key={`${scan.scan_id}:${campaignPick?.n ?? 0}`}
            scanId={scan.scan_id}
            tick={findingsTick}
            campaigns={campaigns}
            initialCampaign={campaignPick?.id}
            onLabeled={() => undefined}
          />
          <SocialTable scanId={scan.scan_id} tick={findingsTick} />
          <Campaigns
            scanId={scan.scan_id}
            campaigns={campaigns}
            done={scan.status === "completed"}
            onPick={(id) => {
              setCampaignPick((p) => ({ id, n: (p?.n ?? 0) + 1 }));
              document.getElementById("findings-h")?.scrollIntoView({ behavior: "smooth" });
            }}
          />
        </>
      )}
    </div>
  );
}

function Reports({ scanId, status }: { scanId: string; status: DashboardStatus }) {
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
