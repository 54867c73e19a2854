import { useCallback, useEffect, useState, type FormEvent } from "react";
import type { TApiToken, TCreatedApiToken } from "@brandwarden/contract/browser/api-tokens";
import { messageOf } from "../../api/client.ts";
import { apiTokensApi } from "../../api/endpoints.ts";
import { dateTime } from "../../lib/format.ts";
import { useSubmit } from "../../lib/useSubmit.ts";
import { CopyButton } from "../../ui/CopyButton.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { Empty } from "../../ui/Empty.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Field } from "../../ui/Field.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { TableHead } from "../../ui/TableHead.tsx";

/**
 * Personal API tokens: create one with a name (its secret shown once, here), list them by name and
 * prefix, revoke one after confirming. Programs send a token as `Authorization: Bearer …`.
 */
export function ApiTokens() {
  const [tokens, setTokens] = useState<TApiToken[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [created, setCreated] = useState<TCreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<TApiToken | null>(null);
  const create = useSubmit();
  const revoke = useSubmit();

  const load = useCallback(async () => {
    try {
      setTokens((await apiTokensApi.list()).tokens);
      setLoadError(null);
    } catch (err) {
      setLoadError(messageOf(err));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return create.invalid({ name: "Name the token, e.g. after the program that uses it." });
    void create.run(async () => {
      setCreated(await apiTokensApi.create(name.trim()));
      setName("");
      await load();
    });
  };
  const confirmRevoke = (t: TApiToken) =>
    void revoke.run(async () => {
      await apiTokensApi.revoke(t.id);
      setRevoking(null);
      if (created?.id === t.id) setCreated(null);
      await load();
    });

  return (
    <section className="card stack" aria-labelledby="api-tokens-h">
      <div>
        <h2 id="api-tokens-h">API tokens</h2>
        <p className="hint">
          For programs that read your findings: the JSON routes, the exports and the threat-intel feed. Send a
          token as <code>Authorization: Bearer &lt;token&gt;</code>. A token acts with your rights until you
          revoke it.
        </p>
      </div>
      <form className="row token-create" onSubmit={submit} noValidate aria-label="Create an API token">
        <Field label="Token name" error={create.fields.name} hint="What uses it, e.g. “Sentinel” or “SOAR”.">
          {(p) => <input {...p} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <button className="btn btn-primary" disabled={create.busy}>
          {create.busy ? "Creating…" : "Create token"}
        </button>
      </form>
      <ErrorBanner error={create.error} />
      {created && (
        <div className="new-token banner banner-warn" role="status" aria-label="New API token">
          <div className="stack-tight">
            <strong>Copy the token “{created.name}” now: you will not see it again.</strong>
            <div className="row">
              <code className="token-secret" data-testid="new-api-token">
                {created.token}
              </code>
              <CopyButton text={created.token} label="Copy token" />
            </div>
            <p className="hint">Only a hash of it is kept. If it is lost, revoke it and create another.</p>
            <div>
              <button type="button" className="btn btn-small" onClick={() => setCreated(null)}>
                I have copied it
              </button>
            </div>
          </div>
        </div>
      )}
      {loadError && !tokens ? (
        <ErrorBanner error={loadError} onRetry={() => void load()} />
      ) : !tokens ? (
        <Loading label="Loading your API tokens…" />
      ) : tokens.length === 0 ? (
        <Empty title="No API tokens">Create one for each program that reads Brandwarden.</Empty>
      ) : (
        <div className="table-wrap">
          <table className="table table-compact api-tokens-table" data-testid="api-tokens">
            <TableHead columns={["Name", "Token", "Created", "Last used"]} actions />
            <tbody>
              {tokens.map((t) => (
                <tr key={t.id} data-token-name={t.name}>
                  <td>{t.name}</td>
                  <td>
                    <code>{t.prefix}…</code>
                  </td>
                  <td>{dateTime(t.created_at)}</td>
                  <td>{t.last_used_at ? dateTime(t.last_used_at) : <span className="muted">never</span>}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-small btn-danger"
                      aria-label={`Revoke ${t.name}`}
                      onClick={() => setRevoking(t)}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog
        title={`Revoke the token “${revoking?.name ?? ""}”?`}
        open={!!revoking}
        onClose={() => setRevoking(null)}
      >
        {revoking && (
          <div className="stack-tight">
            <p>
              Programs using <code>{revoking.prefix}…</code> are refused (401) from now on. This cannot be
              undone.
            </p>
            <ErrorBanner error={revoke.error} />
            <div className="row">
              <button type="button" className="btn" onClick={() => setRevoking(null)}>
                Keep the token
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={revoke.busy}
                onClick={() => confirmRevoke(revoking)}
              >
                {revoke.busy ? "Revoking…" : "Revoke token"}
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </section>
  );
}
