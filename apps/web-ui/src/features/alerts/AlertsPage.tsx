import { useCallback, useEffect, useState } from "react";
import { messageOf } from "../../api/client.ts";
import { alertsApi } from "../../api/endpoints.ts";
import type { TAlertsPage } from "@brandwarden/contract/browser/alerts";
import { Empty } from "../../ui/Empty.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Pager } from "../../ui/Pager.tsx";
import { SeverityBadge } from "../../ui/SeverityBadge.tsx";
import { dateTime } from "../../lib/format.ts";
import { Link, useTitle } from "../../lib/router.tsx";
import { alertsRead } from "./UnreadAlerts.tsx";
import "./alerts.css";

const TYPES: Record<string, string> = {
  "lookalike.registered": "Registered",
  "lookalike.changed": "Changed",
  "lookalike.discovered": "Discovered",
  "lookalike.down": "Down",
  "lookalike.reemerged": "Back",
  "findings.changed": "Scan changes",
  "takedown.sent": "Takedown sent",
  "takedown.escalated": "Escalated",
};

/** The alert feed: newest first, why each matters, a link to what it is about; mark read. */
export function AlertsPage() {
  useTitle("Alerts");
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [data, setData] = useState<TAlertsPage | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await alertsApi.list({ page, unread: unreadOnly }));
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    }
  }, [page, unreadOnly]);
  useEffect(() => void load(), [load]);

  const run = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      alertsRead();
      await load();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <div className="stack">
      <div className="page-head row-between">
        <div>
          <h1>Alerts</h1>
          <p className="muted">
            New registrations of watched names, lookalikes that changed, went down or came back, and what each
            scan changed. They also go to your webhook and, when mail is set up, by e-mail.
          </p>
        </div>
        <div className="row">
          <label className="check">
            <input
              type="checkbox"
              checked={unreadOnly}
              onChange={(e) => (setUnreadOnly(e.target.checked), setPage(1))}
            />
            Unread only
          </label>
          <button
            type="button"
            className="btn"
            disabled={!data?.unread}
            onClick={() => void run(() => alertsApi.readAll())}
          >
            Mark all read{data?.unread ? ` (${data.unread})` : ""}
          </button>
        </div>
      </div>
      <ErrorBanner error={error} onRetry={() => void load()} />
      {!data && !error && <Loading label="Loading alerts…" />}
      {data && data.total === 0 && (
        <div className="card">
          <Empty title={unreadOnly ? "No unread alerts" : "No alerts yet"}>
            The watch checks your high-risk lookalike names every hour; alerts appear here when something
            moves.
          </Empty>
        </div>
      )}
      {data && data.total > 0 && (
        <section className="card" aria-label="Alert feed">
          <ul className="changes-list" data-testid="alerts">
            {data.alerts.map((a) => (
              <li key={a.id} className={`alert-item${a.read_at ? "" : " unread"}`} data-type={a.type}>
                <div>
                  <div className="alert-title">
                    <Link to={a.link} onClick={() => !a.read_at && void alertsApi.read(a.id)}>
                      {a.title}
                    </Link>{" "}
                    {a.severity && <SeverityBadge severity={a.severity} />}
                  </div>
                  <p className="alert-reason">{a.reason}</p>
                  <span className="alert-type">
                    {TYPES[a.type] ?? a.type} · {dateTime(a.created_at)}
                  </span>
                </div>
                <div>
                  {!a.read_at && (
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => void run(() => alertsApi.read(a.id))}
                    >
                      Mark read
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <Pager list={data} onPage={setPage} label="Alerts" noun="alert" />
        </section>
      )}
    </div>
  );
}
