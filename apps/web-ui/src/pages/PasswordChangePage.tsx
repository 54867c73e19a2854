import { useState, type FormEvent } from "react";
import { ApiError, messageOf } from "../api/client.ts";
import { sessionApi } from "../api/endpoints.ts";
import { ErrorBanner, Field, Notice } from "../components/ui.tsx";
import { useTitle } from "../lib/router.tsx";

const PASSWORD_HINT = "10 to 200 characters, not all the same character.";

/**
 * The logged-in user's password change: the current password, then the new one twice. On success
 * every other session ends (other browsers are logged out) and any reset link mailed earlier stops
 * working; this session stays logged in.
 */
export function PasswordChangePage() {
  useTitle("Change password");
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFields({});
    setDone(false);
    if (password !== repeat) {
      setFields({ repeat: "The two new passwords differ" });
      return;
    }
    setBusy(true);
    try {
      await sessionApi.changePassword(current, password);
      setDone(true);
      setCurrent("");
      setPassword("");
      setRepeat("");
    } catch (err) {
      setError(messageOf(err));
      if (err instanceof ApiError) setFields(err.fieldErrors());
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack">
      <div className="page-head">
        <h1>Change password</h1>
        <p className="muted">Other browsers signed in to this account are logged out when it changes.</p>
      </div>
      <form
        className="card stack narrow-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label="Change password"
      >
        <ErrorBanner error={error} />
        {done && <Notice tone="success">Your password is changed. Other sessions were logged out.</Notice>}
        <Field label="Current password" error={fields.current_password}>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="current-password"
              required
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          )}
        </Field>
        <Field label="New password" error={fields.password} hint={PASSWORD_HINT}>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="new-password"
              required
              minLength={10}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <Field label="New password again" error={fields.repeat}>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="new-password"
              required
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
            />
          )}
        </Field>
        <div>
          <button className="btn btn-primary" disabled={busy}>
            {busy ? "Changing…" : "Change password"}
          </button>
        </div>
      </form>
    </div>
  );
}
