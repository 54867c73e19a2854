import { useCallback, useEffect, useState } from "react";
import { LIFECYCLE_STATES } from "@brandwarden/contract/constants";
import { messageOf } from "../../api/client.ts";
import { monitoringApi } from "../../api/endpoints.ts";
import type { TLookalikesPage } from "@brandwarden/contract/browser/monitoring";
import { Empty } from "../../ui/Empty.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Pager } from "../../ui/Pager.tsx";
import { SeverityBadge } from "../../ui/SeverityBadge.tsx";
import { TableHead } from "../../ui/TableHead.tsx";
import { dateTime } from "../../lib/format.ts";
import { Link, useTitle } from "../../lib/router.tsx";
import { LifecycleBadge } from "./badges.tsx";
import { TimeToDetect } from "./TimeToDetect.tsx";
import { WatchStatus } from "./WatchStatus.tsx";

/** Every tracked lookalike by lifecycle state, most recently moved first. */
export function LookalikesPage() {
  useTitle("Lookalikes");
  const [page, setPage] = useState(1);
  const [state, setState] = useState("");
  const [data, setData] = useState<TLookalikesPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setData(await monitoringApi.lookalikes({ page, state: state || undefined }));
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    }
  }, [page, state]);
  useEffect(() => void load(), [load]);

  return (
    <div className="stack">
      <div className="page-head">
        <h1>Lookalikes</h1>
        <p className="muted">Each lookalike followed across scans and watches, with where it stands.</p>
      </div>
      <WatchStatus />
      <TimeToDetect />
      <div className="filters" role="search" aria-label="Filter lookalikes">
        <select aria-label="State" value={state} onChange={(e) => (setState(e.target.value), setPage(1))}>
          <option value="">Any state</option>
          {LIFECYCLE_STATES.map((s) => (
            <option key={s} value={s}>
              {s.replace("_", " ")} ({data?.by_state[s] ?? 0})
            </option>
          ))}
        </select>
      </div>
      <ErrorBanner error={error} onRetry={() => void load()} />
      {!data && !error && <Loading label="Loading lookalikes…" />}
      {data && data.total === 0 && (
        <div className="card">
          <Empty title="No lookalikes tracked yet">They are tracked from the first scan on.</Empty>
        </div>
      )}
      {data && data.total > 0 && (
        <section className="card">
          <div className="table-wrap">
            <table className="table" data-testid="lookalikes-table">
              <TableHead columns={["Lookalike", "State", "Severity", "First seen", "Last checked"]} />
              <tbody>
                {data.lookalikes.map((l) => (
                  <tr key={l.id}>
                    <td>
                      <Link to={l.link}>{l.name}</Link>
                      {l.pinned && <span className="muted"> · pinned</span>}
                    </td>
                    <td>
                      <LifecycleBadge state={l.state} />
                    </td>
                    <td>{l.severity ? <SeverityBadge severity={l.severity} /> : "—"}</td>
                    <td>{dateTime(l.first_seen_at)}</td>
                    <td>{dateTime(l.last_checked_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager list={data} onPage={setPage} label="Lookalikes" noun="lookalike" />
        </section>
      )}
    </div>
  );
}
