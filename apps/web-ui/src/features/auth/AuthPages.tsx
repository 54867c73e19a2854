import { useState, type FormEvent, type ReactNode } from "react";
import { sessionApi } from "../../api/endpoints.ts";
import { EmailField } from "../../ui/EmailField.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { NewPasswordField } from "../../ui/NewPasswordField.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { PasswordField } from "../../ui/PasswordField.tsx";
import { Link, navigate, useTitle } from "../../lib/router.tsx";
import { useSession } from "../../lib/session.tsx";
import { useSubmit } from "../../lib/useSubmit.ts";
import "./auth.css";

function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  useTitle(title);
  return (
    <main className="auth" id="main">
      <div className="auth-card">
        <div className="brandmark" aria-hidden="true">
          <span className="logo-shield" /> Brandwarden
        </div>
        <h1>{title}</h1>
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </div>
    </main>
  );
}

export function LoginPage({ next }: { next?: string }) {
  const { setUser, refresh } = useSession();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { busy, error, fields, run } = useSubmit();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const { user } = await sessionApi.login(email, password);
      await refresh();
      // Signed in and on the page asked for in one render: set before the session's answer, the
      // user was sent to /dashboard at once, then moved again when it came (after a quick click).
      setUser(user);
      navigate(next && next.startsWith("/") && !next.startsWith("//") ? next : "/dashboard", {
        replace: true,
      });
    });
  };
  return (
    <AuthCard
      title="Log in"
      footer={
        <>
          <Link to="/signup">Create an account</Link> · <Link to="/forgot">Forgot your password?</Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <ErrorBanner error={error} />
        <EmailField value={email} onChange={setEmail} error={fields.email} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={fields.password}
        />
        <button className="btn btn-primary btn-block" disabled={busy}>
          {busy ? "Logging in…" : "Log in"}
        </button>
      </form>
    </AuthCard>
  );
}

export function SignupPage() {
  const { setUser, refresh } = useSession();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { busy, error, fields, run } = useSubmit();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const { user } = await sessionApi.register(email, password);
      await refresh();
      setUser(user);
      navigate("/account?welcome=1", { replace: true });
    });
  };
  return (
    <AuthCard
      title="Create your account"
      footer={
        <>
          Already have one? <Link to="/login">Log in</Link>
        </>
      }
    >
      <p className="muted">
        Then describe your brand, and Brandwarden looks for lookalike domains and impersonating accounts.
      </p>
      <form onSubmit={submit} noValidate>
        <ErrorBanner error={error} />
        <EmailField value={email} onChange={setEmail} error={fields.email} />
        <NewPasswordField label="Password" value={password} onChange={setPassword} error={fields.password} />
        <button className="btn btn-primary btn-block" disabled={busy}>
          {busy ? "Creating…" : "Create account"}
        </button>
      </form>
    </AuthCard>
  );
}

export function ForgotPage() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, fields, run } = useSubmit();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => setSent((await sessionApi.requestReset(email)).message));
  };
  return (
    <AuthCard title="Reset your password" footer={<Link to="/login">Back to log in</Link>}>
      {sent ? (
        <Notice tone="success">{sent}</Notice>
      ) : (
        <form onSubmit={submit} noValidate>
          <ErrorBanner error={error} />
          <EmailField value={email} onChange={setEmail} error={fields.email} />
          <button className="btn btn-primary btn-block" disabled={busy}>
            Send reset link
          </button>
        </form>
      )}
    </AuthCard>
  );
}

export function ResetPage({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [done, setDone] = useState(false);
  const { busy, error, fields, run } = useSubmit();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await sessionApi.completeReset(token, password);
      setDone(true);
    });
  };
  return (
    <AuthCard title="Choose a new password" footer={<Link to="/login">Log in</Link>}>
      {done ? (
        <Notice tone="success">Your password is changed. Log in with the new one.</Notice>
      ) : (
        <form onSubmit={submit} noValidate>
          <ErrorBanner error={error} />
          <NewPasswordField
            label="New password"
            value={password}
            onChange={setPassword}
            error={fields.password}
          />
          <button className="btn btn-primary btn-block" disabled={busy}>
            Set password
          </button>
        </form>
      )}
    </AuthCard>
  );
}
