import { type ReactNode } from "react";
import { sessionApi } from "./api/endpoints.ts";
import { ErrorBanner } from "./ui/ErrorBanner.tsx";
import { Loading } from "./ui/Loading.tsx";
import { AccountPage } from "./features/account/AccountPage.tsx";
import { AdminPage } from "./features/admin/AdminPage.tsx";
import {
  AdminUserDashboardPage,
  AdminUserTakedownCasePage,
  AdminUserTakedownsPage,
} from "./features/admin/ActingForUserPages.tsx";
import { AdminUserPage } from "./features/admin/AdminUserPage.tsx";
import { AdminWeightsPage } from "./features/admin/AdminWeightsPage.tsx";
import { ForgotPage, LoginPage, ResetPage, SignupPage } from "./features/auth/AuthPages.tsx";
import { DashboardPage } from "./features/dashboard/DashboardPage.tsx";
import { PasswordChangePage } from "./features/account/PasswordChangePage.tsx";
import { TriagePage } from "./features/triage/TriagePage.tsx";
import { AlertsPage } from "./features/alerts/AlertsPage.tsx";
import { LookalikePage } from "./features/lookalikes/LookalikePage.tsx";
import { LookalikesPage } from "./features/lookalikes/LookalikesPage.tsx";
import { UnreadAlerts } from "./features/alerts/UnreadAlerts.tsx";
import { TakedownCasePage } from "./features/takedowns/TakedownCasePage.tsx";
import { TakedownsPage } from "./features/takedowns/TakedownsPage.tsx";
import { Link, matchPath, navigate, Redirect, useLocation } from "./lib/router.tsx";
import { useSession } from "./lib/session.tsx";

const NAV = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/lookalikes", label: "Lookalikes" },
  { to: "/alerts", label: "Alerts" },
  { to: "/triage", label: "Triage" },
  { to: "/takedowns", label: "Takedowns" },
  { to: "/account", label: "Brand profile" },
];

function Shell({ children }: { children: ReactNode }) {
  const { user, setUser } = useSession();
  const { path } = useLocation();
  const logout = async () => {
    await sessionApi.logout().catch(() => undefined);
    setUser(null);
    navigate("/login", { replace: true });
  };
  const items = user?.admin ? [...NAV, { to: "/admin", label: "Admin" }] : NAV;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/dashboard" className="brandmark">
          <span className="logo-shield" aria-hidden="true" /> Brandwarden
        </Link>
        <nav aria-label="Main">
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <Link to={item.to} aria-current={path.startsWith(item.to) ? "page" : undefined}>
                  {item.label}
                  {item.to === "/alerts" && <UnreadAlerts path={path} />}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="topbar-user">
          <span className="muted" title="Signed in as">
            {user?.email}
          </span>
          <Link to="/account/password" className="btn btn-small">
            Change password
          </Link>
          <button type="button" className="btn btn-small" onClick={() => void logout()}>
            Log out
          </button>
        </div>
      </header>
      <main id="main" className="page">
        {children}
      </main>
    </>
  );
}

function NotFound() {
  return (
    <div className="empty">
      <p className="empty-title">There is no page here.</p>
      <p>
        Go to the <Link to="/dashboard">dashboard</Link>.
      </p>
    </div>
  );
}

export function App() {
  const { user, loading, error, refresh } = useSession();
  const { path } = useLocation();

  if (loading) return <Loading label="Opening Brandwarden…" />;
  if (error && !user)
    return (
      <main className="auth">
        <ErrorBanner error={error} onRetry={() => void refresh()} />
      </main>
    );

  // The e-mailed link is /reset-password#<token> (a fragment never reaches a server log);
  // /reset-password/<token> and /reset/<token> keep working for older mails.
  const fragment = window.location.hash.slice(1);
  const reset =
    path === "/reset-password" && fragment
      ? { token: fragment }
      : (matchPath("/reset-password/:token", path) ?? matchPath("/reset/:token", path));
  if (!user) {
    if (path === "/signup") return <SignupPage />;
    if (path === "/forgot") return <ForgotPage />;
    if (reset) return <ResetPage token={reset.token!} />;
    if (path === "/login")
      return <LoginPage next={new URLSearchParams(window.location.search).get("next") ?? undefined} />;
    return (
      <Redirect
        to={`/login${path !== "/" ? `?next=${encodeURIComponent(path + window.location.search)}` : ""}`}
      />
    );
  }
  if (path === "/" || path === "/login" || path === "/signup") return <Redirect to="/dashboard" />;
  if (reset) return <ResetPage token={reset.token!} />;

  const actingFor = matchPath("/admin/users/:id", path);
  const lookalike = matchPath("/lookalikes/:id", path);
  const findingPage = matchPath("/findings/:id", path);
  const userDashboard = matchPath("/admin/users/:id/dashboard", path);
  const userTakedowns = matchPath("/admin/users/:id/takedowns", path);
  const userTakedownCase = matchPath("/admin/users/:id/takedowns/:case_id", path);
  const takedownCase = matchPath("/takedowns/:case_id", path);
  let page: ReactNode;
  if (path === "/dashboard") page = <DashboardPage />;
  else if (path === "/triage") page = <TriagePage />;
  else if (path === "/alerts") page = <AlertsPage />;
  else if (path === "/lookalikes") page = <LookalikesPage />;
  else if (path === "/takedowns") page = <TakedownsPage />;
  else if (takedownCase)
    page = <TakedownCasePage key={takedownCase.case_id} caseId={takedownCase.case_id!} />;
  else if (lookalike) page = <LookalikePage key={lookalike.id} lookalikeId={lookalike.id} />;
  else if (findingPage)
    page = (
      <LookalikePage
        key={findingPage.id}
        findingId={findingPage.id}
        kind={new URLSearchParams(window.location.search).get("kind") === "social" ? "social" : "domain"}
      />
    );
  else if (path === "/account") page = <AccountPage />;
  else if (path === "/account/password") page = <PasswordChangePage />;
  else if (path === "/admin" && user.admin) page = <AdminPage />;
  else if (path === "/admin/weights" && user.admin) page = <AdminWeightsPage />;
  else if (userDashboard && user.admin)
    page = <AdminUserDashboardPage key={userDashboard.id} userId={userDashboard.id!} />;
  else if (userTakedowns && user.admin)
    page = <AdminUserTakedownsPage key={userTakedowns.id} userId={userTakedowns.id!} />;
  else if (userTakedownCase && user.admin)
    page = (
      <AdminUserTakedownCasePage
        key={userTakedownCase.id}
        userId={userTakedownCase.id!}
        caseId={userTakedownCase.case_id!}
      />
    );
  else if (actingFor && user.admin) page = <AdminUserPage key={actingFor.id} userId={actingFor.id!} />;
  else page = <NotFound />;
  return <Shell>{page}</Shell>;
}
