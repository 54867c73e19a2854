import { useCallback, useEffect, useState, type FormEvent } from "react";
import { SEVERITIES, type TSeverity } from "@brandwarden/contract/constants";
import { AI_PROVIDERS } from "@brandwarden/contract/constants";
import { ApiError, messageOf } from "../../api/client.ts";
import { adminApi } from "../../api/endpoints.ts";
import type { TAdminSettings } from "@brandwarden/contract/browser/admin";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Field } from "../../ui/Field.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Notice } from "../../ui/Notice.tsx";
import "./admin.css";

interface Form {
  enabled: boolean;
  provider: string;
  base_url: string;
  model: string;
  api_key: string;
  threshold: TSeverity;
  adjustment_min: string;
  adjustment_max: string;
}

const toForm = (s: TAdminSettings): Form => ({
  enabled: s.ai_provider.enabled ?? false,
  provider: s.ai_provider.config.provider ?? "openai",
  base_url: s.ai_provider.config.base_url ?? "",
  model: s.ai_provider.config.model ?? "",
  api_key: "",
  threshold: s.audit_config.threshold,
  adjustment_min: String(s.audit_config.adjustment_min),
  adjustment_max: String(s.audit_config.adjustment_max),
});

/** Platform settings: the AI provider (API key write-only, encrypted at rest) and the audit configuration. */
export function SettingsForm() {
  const [settings, setSettings] = useState<TAdminSettings | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const s = await adminApi.settings();
      setSettings(s);
      setForm(toForm(s));
    } catch (err) {
      setError(messageOf(err));
    }
  }, []);
  useEffect(() => void load(), [load]);

  if (!form || !settings)
    return error ? <ErrorBanner error={error} onRetry={() => void load()} /> : <Loading />;
  const set = <K extends keyof Form>(k: K, v: Form[K]) => (setForm({ ...form, [k]: v }), setSaved(false));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const config: Record<string, unknown> = {
        provider: form.provider,
        model: form.model.trim() || undefined,
      };
      if (form.base_url.trim()) config.base_url = form.base_url.trim();
      if (form.api_key) config.api_key = form.api_key;
      const s = await adminApi.saveSettings({
        ai_provider: { enabled: form.enabled, config },
        audit_config: {
          threshold: form.threshold,
          adjustment_min: Number(form.adjustment_min),
          adjustment_max: Number(form.adjustment_max),
        },
      });
      setSettings(s);
      setForm(toForm(s));
      setSaved(true);
    } catch (err) {
      setError(messageOf(err));
      if (err instanceof ApiError) {
        const f: Record<string, string> = {};
        for (const i of err.issues) f[i.path.split(".").pop() ?? ""] = i.message;
        setFields(f);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby="settings-h" noValidate>
      <h2 id="settings-h">Platform settings</h2>
      <ErrorBanner error={error} />
      {saved && <Notice tone="success">Settings saved.</Notice>}
      <fieldset className="stack-tight">
        <legend>AI provider</legend>
        <label className="check">
          <input type="checkbox" checked={form.enabled} onChange={(e) => set("enabled", e.target.checked)} />{" "}
          Use AI review and narratives
        </label>
        <div className="row row-wrap">
          <Field label="Provider" error={fields.provider}>
            {(p) => (
              <select {...p} value={form.provider} onChange={(e) => set("provider", e.target.value)}>
                {AI_PROVIDERS.map((x) => (
                  <option key={x}>{x}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Model" error={fields.model}>
            {(p) => <input {...p} value={form.model} onChange={(e) => set("model", e.target.value)} />}
          </Field>
        </div>
        <Field
          label="Base URL"
          error={fields.base_url}
          hint="Leave empty for the provider's default endpoint."
        >
          {(p) => (
            <input
              {...p}
              type="url"
              placeholder="https://"
              value={form.base_url}
              onChange={(e) => set("base_url", e.target.value)}
            />
          )}
        </Field>
        <Field
          label="API key"
          error={fields.api_key}
          hint={
            settings.ai_provider.api_key_set
              ? "A key is stored (encrypted). Type a new one to replace it."
              : "No key stored yet."
          }
        >
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="off"
              placeholder={settings.ai_provider.api_key_set ? "•••••••• (unchanged)" : ""}
              value={form.api_key}
              onChange={(e) => set("api_key", e.target.value)}
            />
          )}
        </Field>
      </fieldset>
      <fieldset className="stack-tight">
        <legend>Audit</legend>
        <div className="row row-wrap">
          <Field label="Review findings from severity" error={fields.threshold}>
            {(p) => (
              <select
                {...p}
                value={form.threshold}
                onChange={(e) => set("threshold", e.target.value as TSeverity)}
              >
                {SEVERITIES.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Largest decrease" error={fields.adjustment_min} hint="-50 to 0">
            {(p) => (
              <input
                {...p}
                type="number"
                min={-50}
                max={0}
                value={form.adjustment_min}
                onChange={(e) => set("adjustment_min", e.target.value)}
              />
            )}
          </Field>
          <Field label="Largest increase" error={fields.adjustment_max} hint="0 to 50">
            {(p) => (
              <input
                {...p}
                type="number"
                min={0}
                max={50}
                value={form.adjustment_max}
                onChange={(e) => set("adjustment_max", e.target.value)}
              />
            )}
          </Field>
        </div>
      </fieldset>
      <div>
        <button className="btn btn-primary" disabled={busy}>
          {busy ? "Saving…" : "Save settings"}
        </button>
      </div>
    </form>
  );
}
