import { type ReactNode } from "react";
import { sessionApi } from "./api/endpoints.ts";
import { ErrorBanner, Loading } from "./components/ui.tsx";
import { AccountPage } from "./pages/AccountPage.tsx";
import { AdminPage } from "./pages/AdminPage.tsx";
import { ForgotPage, LoginPage, ResetPage, SignupPage } from "./pages/AuthPages.tsx";
import { DashboardPage } from "./pages/DashboardPage.tsx";
import { TriagePage } from "./pages/TriagePage.tsx";
import { Link, matchPath, navigate, Redirect, useLocation } from "./lib/router.tsx";
import { useSession } from "./lib/session.tsx";

const NAV = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/triage", label: "Triage" },
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
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="topbar-user">
          <span className="muted" title="Signed in as">
            {user?.email}
          </span>
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

  const reset = matchPath("/reset/:token", path);
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

  let page: ReactNode;
  if (path === "/dashboard") page = <DashboardPage />;
  else if (path === "/triage") page = <TriagePage />;
  else if (path === "/account") page = <AccountPage />;
  else if (path === "/admin" && user.admin) page = <AdminPage />;
  else page = <NotFound />;
  return <Shell>{page}</Shell>;
}
