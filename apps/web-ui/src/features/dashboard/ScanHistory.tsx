import { useEffect, useState } from "react";
import { messageOf } from "../../api/client.ts";
import { dashboardApi } from "../../api/endpoints.ts";
import type { TScan } from "@brandwarden/contract/browser/scans";
import { Empty } from "../../ui/Empty.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { StatusBadge } from "../../ui/StatusBadge.tsx";
import { dateTime } from "../../lib/format.ts";
import { Link } from "../../lib/router.tsx";
import { useUserPaths } from "../../lib/acting-for-context.tsx";
import "./dashboard.css";

/**
 * Past scans of the user, newest first; each opens the dashboard on that scan. Refetched when the
 * current scan's status changes (`refreshOn`), not on every findings update.
 */
export function ScanHistory({ current, refreshOn }: { current: string | undefined; refreshOn: string }) {
  const [scans, setScans] = useState<TScan[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const paths = useUserPaths();
  useEffect(() => {
    dashboardApi.scans().then(
      (r) => (setScans(r.scans), setError(null)),
      (err: unknown) => setError(messageOf(err)),
    );
  }, [refreshOn]);
  return (
    <section className="card" aria-labelledby="history-h">
      <div className="card-head">
        <h2 id="history-h">Scan history</h2>
      </div>
      <ErrorBanner error={error} />
      {scans && scans.length === 0 && <Empty title="No scans yet" />}
      {scans && scans.length > 0 && (
        <ul className="history" data-testid="scan-history">
          {scans.slice(0, 12).map((s) => (
            <li key={s.scan_id} aria-current={s.scan_id === current ? "true" : undefined}>
              <Link to={`${paths.dashboard}?scan=${s.scan_id}`}>{dateTime(s.created_at)}</Link>
              <StatusBadge status={s.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
