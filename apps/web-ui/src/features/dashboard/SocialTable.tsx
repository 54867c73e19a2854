import { useEffect, useState } from "react";
import { messageOf } from "../../api/client.ts";
import { dashboardApi } from "../../api/endpoints.ts";
import type { TSocialFindingView, TSocialFindingsPage } from "@brandwarden/contract/browser/findings";
import type { TSocialPlatformCoverage } from "@brandwarden/contract/findings";
import { SocialEvidence } from "../../ui/Evidence.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { Empty } from "../../ui/Empty.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Pager } from "../../ui/Pager.tsx";
import { SeverityBadge } from "../../ui/SeverityBadge.tsx";
import { StatusBadge } from "../../ui/StatusBadge.tsx";
import { TableHead } from "../../ui/TableHead.tsx";
import { cell, scoreOf, severityOf } from "../../lib/format.ts";
import { AiDemotionBadge } from "../../ui/AiDemotion.tsx";
import "./dashboard.css";

const COVERAGE_REASONS: Record<TSocialPlatformCoverage["reason"], string> = {
  login_wall: "login wall",
  rate_limited: "rate limited",
  waf: "blocked by a firewall",
  budget_exhausted: "request budget exhausted",
  down: "platform down",
  same_answer: "same unreadable answer to every handle",
};

/** The platforms the scan could not check logged-out: once each, with why. */
function CoverageNotice({ coverage }: { coverage: readonly TSocialPlatformCoverage[] }) {
  if (coverage.length === 0) return null;
  return (
    <div className="banner banner-warn social-coverage" role="status" data-testid="social-coverage">
      <strong>Could not be checked logged-out</strong>
      <ul>
        {coverage.map((c) => (
          <li key={c.platform}>
            <strong>{c.platform}</strong>: {COVERAGE_REASONS[c.reason]} ({c.detail})
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Social accounts that may impersonate the brand: 10 a page, worst first; the brand's own marked owned. */
export function SocialTable({
  scanId,
  tick,
  coverage = [],
}: {
  scanId: string;
  tick: number;
  /** Platforms the scan could not check (`scan.social_coverage`). */
  coverage?: readonly TSocialPlatformCoverage[];
}) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<TSocialFindingsPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<TSocialFindingView | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    dashboardApi
      .socialFindings(scanId, page, ctl.signal)
      .then((d) => (setData(d), setError(null)))
      .catch((err: unknown) => (err as Error).name !== "AbortError" && setError(messageOf(err)));
    return () => ctl.abort();
  }, [scanId, page, tick, reload]);

  return (
    <section className="card" aria-labelledby="social-h">
      <div className="card-head">
        <h2 id="social-h">Social accounts</h2>
      </div>
      <ErrorBanner error={error} onRetry={() => setReload((r) => r + 1)} />
      <CoverageNotice coverage={coverage} />
      {!data && !error && <Loading label="Loading social findings…" />}
      {data && data.total === 0 && (
        <Empty title="No social accounts found">
          Add your handles on the brand profile so lookalike accounts can be checked.
        </Empty>
      )}
      {data && data.total > 0 && (
        <>
          <div className="table-wrap">
            <table className="table" data-testid="social-table">
              <TableHead
                columns={[
                  "Avatar",
                  "Account",
                  "Platform",
                  "Status",
                  "Severity",
                  "Score",
                  "Display name",
                  "Followers",
                  "Label",
                ]}
                numeric={["Score", "Followers"]}
              />
              <tbody>
                {data.findings.map((f) => (
                  <tr key={f.id}>
                    <td>
                      {f.avatar_url ? (
                        <img
                          className="avatar"
                          src={f.avatar_url}
                          alt={`Avatar of @${f.handle}`}
                          loading="lazy"
                          width={32}
                          height={32}
                        />
                      ) : (
                        <span className="avatar avatar-empty" aria-hidden="true" />
                      )}
                    </td>
                    <td>
                      <button type="button" className="link" onClick={() => setOpen(f)}>
                        @{f.handle}
                      </button>
                    </td>
                    <td>{f.platform}</td>
                    <td>
                      {f.owned_evidence ? (
                        <span className="own-badge" title={f.owned_evidence}>
                          owned
                        </span>
                      ) : f.status ? (
                        <StatusBadge status={f.status} />
                      ) : (
                        "—"
                      )}
                    </td>
                    <td>
                      <SeverityBadge severity={severityOf(f)} />
                      <AiDemotionBadge demotion={f.ai_demotion} />
                    </td>
                    <td className="num">{cell(scoreOf(f))}</td>
                    <td className="clip">{cell(f.display_name)}</td>
                    <td className="num">{cell(f.followers)}</td>
                    <td>{f.label ?? <span className="muted">unlabeled</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager list={data} onPage={setPage} label="Social accounts" />
        </>
      )}
      <Dialog
        title={open ? `@${open.handle} on ${open.platform}` : ""}
        open={!!open}
        onClose={() => setOpen(null)}
        wide
      >
        {open && <SocialEvidence f={open} />}
      </Dialog>
    </section>
  );
}
