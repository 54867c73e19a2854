import { useEffect, useState } from "react";
import { alertsApi } from "../../api/endpoints.ts";
import "./alerts.css";

const READ = "brandwarden:alerts-read";

/** Tells the unread count that alerts were marked read. */
export function alertsRead(): void {
  window.dispatchEvent(new Event(READ));
}

/** The number of unread alerts, beside the Alerts link; refreshed on every page change and read. */
export function UnreadAlerts({ path }: { path: string }) {
  const [unread, setUnread] = useState(0);
  const [reads, setReads] = useState(0);
  useEffect(() => {
    const bump = () => setReads((n) => n + 1);
    window.addEventListener(READ, bump);
    return () => window.removeEventListener(READ, bump);
  }, []);
  useEffect(() => {
    let live = true;
    alertsApi.list({ page: 1, unread: true }).then(
      (r) => live && setUnread(r.unread),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [path, reads]);
  if (!unread) return null;
  return (
    <span className="nav-count" aria-label={`${unread} unread`}>
      {unread}
    </span>
  );
}
