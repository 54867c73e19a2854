import { useState, type FormEvent } from "react";
import { sessionApi } from "../../api/endpoints.ts";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { NewPasswordField } from "../../ui/NewPasswordField.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { PasswordField } from "../../ui/PasswordField.tsx";
import { useTitle } from "../../lib/router.tsx";
import { useSubmit } from "../../lib/useSubmit.ts";
import "./account.css";

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
  const [done, setDone] = useState(false);
  const { busy, error, fields, run, invalid } = useSubmit();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    if (password !== repeat) {
      invalid({ repeat: "The two new passwords differ" });
      return;
    }
    void run(async () => {
      await sessionApi.changePassword(current, password);
      setDone(true);
      setCurrent("");
      setPassword("");
      setRepeat("");
    });
  };

  return (
    <div className="stack">
      <div className="page-head">
        <h1>Change password</h1>
        <p className="muted">Other browsers signed in to this account are logged out when it changes.</p>
      </div>
      <form className="card stack narrow-form" onSubmit={submit} noValidate aria-label="Change password">
        <ErrorBanner error={error} />
        {done && <Notice tone="success">Your password is changed. Other sessions were logged out.</Notice>}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
          error={fields.current_password}
        />
        <NewPasswordField
          label="New password"
          value={password}
          onChange={setPassword}
          error={fields.password}
        />
        <PasswordField
          label="New password again"
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
          error={fields.repeat}
        />
        <div>
          <button className="btn btn-primary" disabled={busy}>
            {busy ? "Changing…" : "Change password"}
          </button>
        </div>
      </form>
    </div>
  );
}
