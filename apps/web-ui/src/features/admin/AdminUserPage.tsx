import { useCallback, useEffect, useState } from "react";
import { isTerminalScanStatus } from "@brandwarden/contract/constants";
import { ApiError, messageOf } from "../../api/client.ts";
import { adminApi, dashboardApi } from "../../api/endpoints.ts";
import type { TAdminUser } from "@brandwarden/contract/browser/admin";
import type { TScan } from "@brandwarden/contract/browser/scans";
import { Empty } from "../../ui/Empty.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { StatusBadge } from "../../ui/StatusBadge.tsx";
import { TableHead } from "../../ui/TableHead.tsx";
import { dateTime } from "../../lib/format.ts";
import { Link, useTitle } from "../../lib/router.tsx";
import { AccountPage } from "../account/AccountPage.tsx";
import { AdminSubpageHead } from "./AdminPage.tsx";

/**
 * An admin acting for one user (contract part 5: admins may start scans and edit profiles for
 * any user): their brand profile, their scans, and start, stop and resume. Every request names
 * the user, and the server records it as an `admin_acted_for` audit event.
 */
export function AdminUserPage({ userId }: { userId: string }) {
  const [user, setUser] = useState<TAdminUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  useTitle(user ? `Admin · ${user.email}` : "Admin");

  useEffect(() => {
    adminApi.user(userId).then(
      (r) => setUser(r.user),
      (err: unknown) =>
        setError(
          err instanceof ApiError && err.status === 404
            ? "There is no such user. They may have been deleted."
            : messageOf(err),
        ),
    );
  }, [userId]);

  if (error) return <ErrorBanner error={error} />;
  if (!user) return <Loading label="Loading the user…" />;
  return (
    <div className="stack">
      <AdminSubpageHead title={`Acting for ${user.email}`}>
        <p>
          <Link to={`/admin/users/${userId}/dashboard`} className="btn btn-small">
            Open {user.email}’s dashboard
          </Link>
        </p>
        <Notice>
          You are working on this user’s data as an admin. Each change you make is recorded in the audit log,
          and so is your reading of their data (once per session every 15 minutes).
        </Notice>
      </AdminSubpageHead>
      <UserScans userId={userId} />
      <AccountPage userId={userId} />
    </div>
  );
}

function UserScans({ userId }: { userId: string }) {
  const [scans, setScans] = useState<TScan[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setScans((await dashboardApi.scans(userId)).scans);
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    }
  }, [userId]);
  useEffect(() => void load(), [load]);

  // Refresh while a scan is under way, so its status moves on the page.
  const active = scans?.some((s) => !isTerminalScanStatus(s.status));
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => void load(), 2000);
    return () => clearInterval(t);
  }, [active, load]);

  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await fn();
      // Reload first, so the notice never announces a change the page does not show yet.
      await load();
      setNotice(done);
    } catch (err) {
      setError(messageOf(err));
      await load();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby="user-scans-h">
      <div className="row-between">
        <h2 id="user-scans-h">Scans</h2>
        <button
          type="button"
          className="btn btn-primary btn-small"
          disabled={busy}
          onClick={() => void run(() => dashboardApi.start(userId), "Scan started for this user.")}
        >
          Start scan for this user
        </button>
      </div>
      <ErrorBanner error={error} />
      {notice && <Notice tone="success">{notice}</Notice>}
      {scans === null ? (
        <Loading label="Loading scans…" />
      ) : scans.length === 0 ? (
        <Empty title="No scans yet">Start one once the brand profile names an owned domain.</Empty>
      ) : (
        <div className="table-wrap">
          <table className="table table-compact" data-testid="user-scans">
            <TableHead columns={["Started", "Status", "Finished"]} actions />
            <tbody>
              {scans.map((s) => (
                <tr key={s.scan_id} data-scan-id={s.scan_id}>
                  <td>
                    <Link
                      to={`/admin/users/${userId}/dashboard?scan=${s.scan_id}`}
                      title="Open this scan's findings, campaigns and reports"
                    >
                      {dateTime(s.created_at)}
                    </Link>
                  </td>
                  <td>
                    <StatusBadge status={s.status} />
                    {s.error && <span className="muted"> {s.error}</span>}
                  </td>
                  <td>{dateTime(s.completed_at)}</td>
                  <td>
                    {isTerminalScanStatus(s.status) ? (
                      <button
                        type="button"
                        className="btn btn-small"
                        disabled={busy}
                        onClick={() =>
                          void run(() => dashboardApi.resume(s.scan_id, userId), "Scan resumed.")
                        }
                      >
                        Resume
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-small btn-danger"
                        disabled={busy}
                        onClick={() => void run(() => dashboardApi.stop(s.scan_id, userId), "Scan stopped.")}
                      >
                        Stop
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
