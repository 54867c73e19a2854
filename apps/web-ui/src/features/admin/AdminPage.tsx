import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from "react";
import { ApiError, messageOf } from "../../api/client.ts";
import { adminApi } from "../../api/endpoints.ts";
import type { TAdminUser } from "@brandwarden/contract/browser/admin";
import { Empty } from "../../ui/Empty.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Field } from "../../ui/Field.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { TableHead } from "../../ui/TableHead.tsx";
import { dateTime } from "../../lib/format.ts";
import { Link, useTitle } from "../../lib/router.tsx";
import { useSession } from "../../lib/session.tsx";
import { SettingsForm } from "./SettingsForm.tsx";
import "./admin.css";

/** The head of a page under /admin: a link back to the admin page, the title, then what follows it. */
export function AdminSubpageHead({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="page-head">
      <p>
        <Link to="/admin">← Admin</Link>
      </p>
      <h1>{title}</h1>
      {children}
    </div>
  );
}

export function AdminPage() {
  useTitle("Admin");
  return (
    <div className="stack">
      <div className="page-head">
        <h1>Admin</h1>
        <p className="muted">
          Users of this installation and platform settings. <Link to="/admin/weights">Scoring weights</Link>{" "}
          shows the defaults, what the learner changed, and lets you save a manual set.
        </p>
      </div>
      <div className="grid-2">
        <Users />
        <SettingsForm />
      </div>
    </div>
  );
}

function Users() {
  const { user: me } = useSession();
  const [users, setUsers] = useState<TAdminUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [editEmail, setEditEmail] = useState("");

  const load = useCallback(async () => {
    try {
      setUsers((await adminApi.users()).users);
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const run = async (fn: () => Promise<unknown>, done: string) => {
    setError(null);
    setNotice(null);
    try {
      await fn();
      // Reload first, so the notice never announces a change the table does not show yet.
      await load();
      setNotice(done);
    } catch (err) {
      setError(messageOf(err));
      await load();
    }
  };

  return (
    <section className="card stack" aria-labelledby="users-h">
      <h2 id="users-h">Users</h2>
      <ErrorBanner error={error} onRetry={users ? undefined : () => void load()} />
      {notice && <Notice tone="success">{notice}</Notice>}
      {!users && !error && <Loading />}
      {users && users.length === 0 && <Empty title="No users" />}
      {users && users.length > 0 && (
        <div className="table-wrap">
          <table className="table table-compact" data-testid="users-table">
            <TableHead columns={["E-mail", "Brand", "Admin", "Trusted", "Created"]} actions />
            <tbody>
              {users.map((u) => (
                <tr key={u.id}>
                  <td>
                    {editing === u.id ? (
                      <form
                        className="row"
                        onSubmit={(e) => {
                          e.preventDefault();
                          void run(
                            () => adminApi.updateUser(u.id, { email: editEmail }),
                            `Saved ${editEmail}.`,
                          ).then(() => setEditing(null));
                        }}
                      >
                        <input
                          aria-label={`E-mail of ${u.email}`}
                          type="email"
                          value={editEmail}
                          onChange={(e) => setEditEmail(e.target.value)}
                        />
                        <button className="btn btn-small btn-primary">Save</button>
                        <button
                          type="button"
                          className="btn btn-small btn-ghost"
                          onClick={() => setEditing(null)}
                        >
                          Cancel
                        </button>
                      </form>
                    ) : (
                      u.email
                    )}
                  </td>
                  <td>{u.brand_name ?? "—"}</td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${u.email} is an admin`}
                      checked={u.admin}
                      disabled={u.id === me?.id}
                      onChange={(e) => {
                        const admin = e.target.checked;
                        // Shown at once; the reload after the request puts the stored value back on failure.
                        setUsers((list) => list?.map((x) => (x.id === u.id ? { ...x, admin } : x)) ?? list);
                        void run(
                          () => adminApi.updateUser(u.id, { admin }),
                          `${u.email} is ${admin ? "now" : "no longer"} an admin.`,
                        );
                      }}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${u.email} is trusted`}
                      title="A trusted account’s labels train the platform’s scoring weights"
                      checked={u.trusted}
                      onChange={(e) => {
                        const trusted = e.target.checked;
                        setUsers((list) => list?.map((x) => (x.id === u.id ? { ...x, trusted } : x)) ?? list);
                        void run(
                          () => adminApi.updateUser(u.id, { trusted }),
                          `${u.email}’s labels ${trusted ? "now" : "no longer"} train the platform’s weights.`,
                        );
                      }}
                    />
                  </td>
                  <td>{dateTime(u.created_at)}</td>
                  <td>
                    <div className="row">
                      {u.id !== me?.id && (
                        <Link
                          to={`/admin/users/${u.id}`}
                          className="btn btn-small"
                          aria-label={`Act for ${u.email}`}
                          title="Open this user's brand profile and scans"
                        >
                          Act for
                        </Link>
                      )}
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => (setEditing(u.id), setEditEmail(u.email))}
                      >
                        Edit
                      </button>
                      {u.id !== me?.id && (
                        <button
                          type="button"
                          className="btn btn-small btn-danger"
                          onClick={() => {
                            if (window.confirm(`Delete ${u.email} and all their scans and findings?`))
                              void run(() => adminApi.deleteUser(u.id), `Deleted ${u.email}.`);
                          }}
                        >
                          Delete
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CreateUser onCreated={(email) => void run(async () => undefined, `Created ${email}.`)} />
    </section>
  );
}

function CreateUser({ onCreated }: { onCreated(email: string): void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [admin, setAdmin] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFields({});
    try {
      await adminApi.createUser({ email, password, admin });
      onCreated(email);
      setEmail("");
      setPassword("");
      setAdmin(false);
    } catch (err) {
      setError(messageOf(err));
      if (err instanceof ApiError) setFields(err.fieldErrors());
    }
  };
  return (
    <form className="subcard stack" onSubmit={(e) => void submit(e)} aria-labelledby="create-h" noValidate>
      <h3 id="create-h">Add a user</h3>
      <ErrorBanner error={error} />
      <div className="row row-wrap">
        <Field label="E-mail" error={fields.email}>
          {(p) => <input {...p} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <Field label="Initial password" error={fields.password} hint="10+ characters">
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
      </div>
      <label className="check">
        <input type="checkbox" checked={admin} onChange={(e) => setAdmin(e.target.checked)} /> Administrator
      </label>
      <div>
        <button className="btn btn-primary">Add user</button>
      </div>
    </form>
  );
}
