import { useEffect, useState } from "react";
import { messageOf } from "../../api/client.ts";
import { adminApi } from "../../api/endpoints.ts";
import type { TAdminUser } from "@brandwarden/contract/browser/admin";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { ActingFor } from "../dashboard/ActingFor.tsx";
import { Link } from "../../lib/router.tsx";
import { DashboardPage } from "../dashboard/DashboardPage.tsx";

/**
 * An admin opening one user's dashboard (`/admin/users/:id/dashboard?scan=`): their scan's
 * progress, findings, social accounts, campaigns and reports, with start, stop and resume, as
 * the user sees them. Every request names the user; the server records the access.
 */
export function AdminUserDashboardPage({ userId }: { userId: string }) {
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
  return (
    <div className="stack">
      <p>
        <Link to="/admin">← Admin</Link> · <Link to={`/admin/users/${userId}`}>{user.email}</Link>
      </p>
      <Notice>
        You are looking at {user.email}’s scans as an admin. Starting, stopping and resuming are recorded in
        the audit log, and so is your reading of their data (once per session every 15 minutes).
      </Notice>
      <ActingFor userId={userId} email={user.email}>
        <DashboardPage />
      </ActingFor>
    </div>
  );
}
