import { useEffect, useState, type ReactNode } from "react";
import { messageOf } from "../../api/client.ts";
import { adminApi } from "../../api/endpoints.ts";
import type { TAdminUser } from "@brandwarden/contract/browser/admin";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { ActingFor } from "../../lib/acting-for-context.tsx";
import { Link } from "../../lib/router.tsx";
import { DashboardPage } from "../dashboard/DashboardPage.tsx";
import { TakedownCasePage } from "../takedowns/TakedownCasePage.tsx";
import { TakedownsPage } from "../takedowns/TakedownsPage.tsx";

/**
 * An admin working on one user's data, on the user's own pages: every request names the user
 * (api/acting-for.ts reads it from the address) and the server records the access.
 */
function ActingForUser({ userId, children }: { userId: string; children: ReactNode }) {
  const [user, setUser] = useState<TAdminUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    adminApi.user(userId).then(
      (r) => setUser(r.user),
      (err: unknown) => setError(messageOf(err)),
    );
  }, [userId]);

  if (error) return <ErrorBanner error={error} />;
  if (!user) return <Loading label="Loading the user…" />;
  const base = `/admin/users/${userId}`;
  return (
    <div className="stack">
      <nav aria-label={`${user.email}’s pages`}>
        <Link to="/admin">← Admin</Link> · <Link to={base}>{user.email}</Link> ·{" "}
        <Link to={`${base}/dashboard`}>Dashboard</Link> · <Link to={`${base}/takedowns`}>Takedowns</Link>
      </nav>
      <Notice>
        You are looking at {user.email}’s scans as an admin. Starting, stopping and resuming are recorded in
        the audit log, and so is your reading of their data (once per session every 15 minutes).
      </Notice>
      <ActingFor userId={userId} email={user.email}>
        {children}
      </ActingFor>
    </div>
  );
}

/**
 * One user's dashboard (`/admin/users/:id/dashboard?scan=`): their scan's progress, findings,
 * social accounts, campaigns and reports, with start, stop and resume, as the user sees them.
 */
export function AdminUserDashboardPage({ userId }: { userId: string }) {
  return (
    <ActingForUser userId={userId}>
      <DashboardPage />
    </ActingForUser>
  );
}

/** One user's takedown cases (`/admin/users/:id/takedowns?state=`), as the user sees them. */
export function AdminUserTakedownsPage({ userId }: { userId: string }) {
  return (
    <ActingForUser userId={userId}>
      <TakedownsPage />
    </ActingForUser>
  );
}

/** One of the user's takedown cases (`/admin/users/:id/takedowns/:case_id`), to send, edit or withdraw. */
export function AdminUserTakedownCasePage({ userId, caseId }: { userId: string; caseId: string }) {
  return (
    <ActingForUser userId={userId}>
      <TakedownCasePage key={caseId} caseId={caseId} />
    </ActingForUser>
  );
}
