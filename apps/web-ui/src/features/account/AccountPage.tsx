import { useCallback, useEffect, useState, type FormEvent } from "react";
import { SOCIAL_PLATFORMS, type TSocialPlatform } from "@brandwarden/contract/constants";
import { ApiError, messageOf } from "../../api/client.ts";
import { accountApi } from "../../api/endpoints.ts";
import type { TAccount, TAccountUpdate } from "@brandwarden/contract/browser/account";
import { Empty } from "../../ui/Empty.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Field } from "../../ui/Field.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { StatusBadge } from "../../ui/StatusBadge.tsx";
import { TableHead } from "../../ui/TableHead.tsx";
import { Link, useLocation, useTitle } from "../../lib/router.tsx";
import { AccountKeywords } from "./AccountKeywords.tsx";
import { ApiTokens } from "./ApiTokens.tsx";
import { LogoUpload } from "./LogoUpload.tsx";
import { RevokeSnapshotLinks } from "./RevokeSnapshotLinks.tsx";
import { ThreatIntelFeed } from "./ThreatIntelFeed.tsx";
import "./account.css";

interface Form {
  brand_name: string;
  brand_names: string;
  owned_domains: string;
  keywords: string;
  webhook_url: string;
  slack_webhook_url: string;
  teams_webhook_url: string;
  social_handles: Array<{ platform: TSocialPlatform; handle: string }>;
}

const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

const toForm = (a: TAccount): Form => ({
  brand_name: a.brand_name ?? "",
  brand_names: a.brand_names.join("\n"),
  owned_domains: a.owned_domains.map((d) => d.domain).join("\n"),
  keywords: a.keywords.join("\n"),
  webhook_url: a.webhook_url ?? "",
  slack_webhook_url: a.slack_webhook_url ?? "",
  teams_webhook_url: a.teams_webhook_url ?? "",
  social_handles: a.social_handles.map((h) => ({ platform: h.platform, handle: h.handle })),
});

/** `PUT /account` replaces the whole profile: the intel sharing settings go along as stored. */
const toUpdate = (f: Form, intel: TAccount["intel"]): TAccountUpdate => ({
  brand_name: f.brand_name.trim(),
  brand_names: lines(f.brand_names),
  owned_domains: lines(f.owned_domains).map((d) => d.toLowerCase()),
  keywords: lines(f.keywords).map((k) => k.toLowerCase()),
  webhook_url: f.webhook_url.trim() || null,
  slack_webhook_url: f.slack_webhook_url.trim() || null,
  teams_webhook_url: f.teams_webhook_url.trim() || null,
  intel,
  social_handles: f.social_handles
    .map((h) => ({ platform: h.platform, handle: h.handle.trim().replace(/^@/, "") }))
    .filter((h) => h.handle),
});

const inFlight = (s: string) => s === "pending" || s === "running";

/** The brand profile form; `userId` (admins) edits another user's profile, acting for them. */
export function AccountPage({ userId }: { userId?: string } = {}) {
  useTitle("Brand profile");
  const { query } = useLocation();
  const [account, setAccount] = useState<TAccount | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  const load = useCallback(
    async (resetForm: boolean) => {
      try {
        const a = await accountApi.get(userId);
        setAccount(a);
        if (resetForm) setForm(toForm(a));
        setLoadError(null);
      } catch (err) {
        setLoadError(messageOf(err));
      }
    },
    [userId],
  );
  useEffect(() => void load(true), [load]);

  // Enrichment and keyword expansion run in the background: refresh while any is in flight.
  const pending =
    account?.owned_domains.some((d) => inFlight(d.enrichment_status)) ||
    account?.social_handles.some((h) => inFlight(h.enrichment_status)) ||
    account?.keyword_expansion?.status === "pending";
  useEffect(() => {
    if (!pending) return;
    const t = setInterval(() => void load(false), 3000);
    return () => clearInterval(t);
  }, [pending, load]);

  if (loadError && !account) return <ErrorBanner error={loadError} onRetry={() => void load(true)} />;
  if (!account || !form) return <Loading label="Loading your brand profile…" />;

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm({ ...form, [key]: value });
    setSaved(false);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setSaveError(null);
    setFields({});
    try {
      const a = await accountApi.save(toUpdate(form, account.intel), userId);
      setAccount(a);
      setForm(toForm(a));
      setSaved(true);
    } catch (err) {
      setSaveError(messageOf(err));
      if (err instanceof ApiError) setFields(err.fieldErrors());
    } finally {
      setSaving(false);
    }
  };

  const reenrich = async (id: string) => {
    try {
      await accountApi.reenrichDomain(id, userId);
      await load(false);
    } catch (err) {
      setSaveError(messageOf(err));
    }
  };

  return (
    <div className="stack">
      <div className="page-head">
        {userId ? <h2>Brand profile</h2> : <h1>Brand profile</h1>}
        <p className="muted">
          What Brandwarden protects. Scans look for lookalikes of these names and domains.
        </p>
      </div>
      {query.get("welcome") && !account.owned_domains.length && (
        <Notice>
          Welcome! Start by naming your brand and the domains you own, then save and start a scan.
        </Notice>
      )}
      <div className="grid-2">
        <form className="card stack" onSubmit={(e) => void submit(e)} noValidate aria-label="Brand profile">
          <ErrorBanner error={saveError} />
          {saved && (
            <Notice tone="success">
              Saved. New domains and handles are being enriched and keywords expanded.{" "}
              {userId ? (
                "Start a scan for this user above."
              ) : (
                <>
                  <Link to="/dashboard">Go to the dashboard</Link> to start a scan.
                </>
              )}
            </Notice>
          )}
          <Field label="Brand name" error={fields.brand_name}>
            {(p) => (
              <input
                {...p}
                required
                value={form.brand_name}
                onChange={(e) => set("brand_name", e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Other brand names"
            error={fields.brand_names}
            hint="One per line: product names, former names."
          >
            {(p) => (
              <textarea
                {...p}
                rows={2}
                value={form.brand_names}
                onChange={(e) => set("brand_names", e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Owned domains"
            error={fields.owned_domains}
            hint="One per line, e.g. example.com. At least one."
          >
            {(p) => (
              <textarea
                {...p}
                rows={3}
                required
                spellCheck={false}
                value={form.owned_domains}
                onChange={(e) => set("owned_domains", e.target.value)}
              />
            )}
          </Field>
          <fieldset className="field">
            <legend>Social handles</legend>
            {form.social_handles.length === 0 && (
              <p className="hint">No handles yet. Add the accounts your brand runs.</p>
            )}
            {form.social_handles.map((h, i) => (
              <div className="row" key={i}>
                <select
                  aria-label={`Platform of handle ${i + 1}`}
                  value={h.platform}
                  onChange={(e) =>
                    set(
                      "social_handles",
                      form.social_handles.map((x, j) =>
                        j === i ? { ...x, platform: e.target.value as TSocialPlatform } : x,
                      ),
                    )
                  }
                >
                  {SOCIAL_PLATFORMS.map((p) => (
                    <option key={p}>{p}</option>
                  ))}
                </select>
                <input
                  aria-label={`Handle ${i + 1}`}
                  placeholder="handle"
                  value={h.handle}
                  onChange={(e) =>
                    set(
                      "social_handles",
                      form.social_handles.map((x, j) => (j === i ? { ...x, handle: e.target.value } : x)),
                    )
                  }
                />
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={`Remove handle ${i + 1}`}
                  onClick={() =>
                    set(
                      "social_handles",
                      form.social_handles.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove
                </button>
              </div>
            ))}
            <button
              type="button"
              className="btn btn-small"
              onClick={() => set("social_handles", [...form.social_handles, { platform: "x", handle: "" }])}
            >
              + Add handle
            </button>
            {fields.social_handles && <p className="field-error">{fields.social_handles}</p>}
          </fieldset>
          <Field
            label="Keywords"
            error={fields.keywords}
            hint="One per line: words phishers pair with your brand (login, support…)."
          >
            {(p) => (
              <textarea
                {...p}
                rows={3}
                value={form.keywords}
                onChange={(e) => set("keywords", e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Webhook URL"
            error={fields.webhook_url}
            hint="Optional. Signed POSTs when a scan finishes or fails."
          >
            {(p) => (
              <input
                {...p}
                type="url"
                placeholder="https://"
                value={form.webhook_url}
                onChange={(e) => set("webhook_url", e.target.value)}
              />
            )}
          </Field>
          {account.webhook_secret && (
            <p className="hint">
              Webhook signing secret: <code>{account.webhook_secret}</code>
            </p>
          )}
          {account.webhook_secret && !userId && <RevokeSnapshotLinks />}
          <Field
            label="Slack webhook URL"
            error={fields.slack_webhook_url}
            hint="Optional. A Slack incoming webhook (https://hooks.slack.com/services/…): alerts are posted to its channel."
          >
            {(p) => (
              <input
                {...p}
                type="url"
                placeholder="https://hooks.slack.com/services/…"
                spellCheck={false}
                value={form.slack_webhook_url}
                onChange={(e) => set("slack_webhook_url", e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Teams webhook URL"
            error={fields.teams_webhook_url}
            hint="Optional. A Microsoft Teams workflow webhook (“Post to a channel when a webhook request is received”): alerts are posted as cards."
          >
            {(p) => (
              <input
                {...p}
                type="url"
                placeholder="https://"
                spellCheck={false}
                value={form.teams_webhook_url}
                onChange={(e) => set("teams_webhook_url", e.target.value)}
              />
            )}
          </Field>
          <div>
            <button className="btn btn-primary" disabled={saving}>
              {saving ? "Saving…" : "Save profile"}
            </button>
          </div>
        </form>
        <div className="stack">
          <LogoUpload account={account} onUploaded={() => void load(false)} />
          <EnrichmentStates account={account} onReenrich={(id) => void reenrich(id)} />
          <AccountKeywords expansion={account.keyword_expansion} />
        </div>
      </div>
      <div className="grid-2">
        {/* Tokens are the signed-in user's own: an admin acting for a user does not see theirs. */}
        {!userId && <ApiTokens />}
        <ThreatIntelFeed
          account={account}
          tokensShown={!userId}
          saved={toUpdate(toForm(account), account.intel)}
          save={async (update) => {
            const a = await accountApi.save(update, userId);
            setAccount(a);
          }}
        />
      </div>
    </div>
  );
}

function EnrichmentStates({ account, onReenrich }: { account: TAccount; onReenrich(id: string): void }) {
  return (
    <section className="card" aria-labelledby="enrich-h">
      <h2 id="enrich-h">Enrichment</h2>
      <p className="hint">
        Each owned domain and handle is fetched once so lookalikes can be compared with it.
      </p>
      {account.owned_domains.length === 0 && account.social_handles.length === 0 ? (
        <Empty title="Nothing to enrich yet">Save at least one owned domain.</Empty>
      ) : (
        <div className="table-wrap">
          <table className="table table-compact enrichment">
            <TableHead columns={["Domain or handle", "State", "Detail"]} actions />
            <tbody>
              {account.owned_domains.map((d) => (
                <tr key={d.id} data-testid="owned-domain-state">
                  <td>{d.domain}</td>
                  <td>
                    <StatusBadge status={d.enrichment_status} />
                  </td>
                  <td className="muted clip" title={d.enrichment_error ?? d.title ?? undefined}>
                    {d.enrichment_error ?? d.title ?? "—"}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => onReenrich(d.id)}
                      disabled={inFlight(d.enrichment_status)}
                    >
                      Re-enrich
                    </button>
                  </td>
                </tr>
              ))}
              {account.social_handles.map((h) => (
                <tr key={h.id} data-testid="handle-state">
                  <td>
                    {h.platform} · @{h.handle}
                  </td>
                  <td>
                    <StatusBadge status={h.enrichment_status} />
                  </td>
                  <td className="muted clip" title={h.enrichment_error ?? undefined}>
                    {h.enrichment_error ?? "—"}
                  </td>
                  <td />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
