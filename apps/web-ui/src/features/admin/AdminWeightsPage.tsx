import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { ApiError, messageOf } from "../../api/client.ts";
import { adminApi } from "../../api/endpoints.ts";
import type { TWeightsOverview } from "@brandwarden/contract/browser/admin";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { TableHead } from "../../ui/TableHead.tsx";
import { dateTime } from "../../lib/format.ts";
import { useTitle } from "../../lib/router.tsx";
import { AdminSubpageHead } from "./AdminPage.tsx";
import { LabelsNeeded } from "../triage/TriageLearner.tsx";

/** The bounds the server accepts for one weight (contract `ZWeights`). */
const WEIGHT_MIN = -1000;
const WEIGHT_MAX = 1000;

type Draft = Record<string, string>;

const toDraft = (weights: Record<string, number>): Draft =>
  Object.fromEntries(Object.entries(weights).map(([k, v]) => [k, String(v)]));

/** The draft as weights, or the first problem in it, worded for the form. */
function parseDraft(draft: Draft): { weights: Record<string, number> } | { error: string; signal: string } {
  const weights: Record<string, number> = {};
  for (const [signal, text] of Object.entries(draft)) {
    const value = Number(text.trim());
    if (text.trim() === "" || !Number.isFinite(value))
      return { signal, error: `${signal}: enter a number (negative numbers are discounts)` };
    if (value < WEIGHT_MIN || value > WEIGHT_MAX)
      return { signal, error: `${signal}: a weight must lie between ${WEIGHT_MIN} and ${WEIGHT_MAX}` };
    weights[signal] = value;
  }
  return { weights };
}

const show = (v: number | null | undefined) => (v === null || v === undefined ? "—" : String(v));

/**
 * Admin → Scoring weights (contract rule 8): the built-in defaults, the set the scorer uses now,
 * the latest learned set with its version, sample size and what it changed, and a form that
 * stores the edited weights as a `manual` set, which the scorer reads from then on.
 */
export function AdminWeightsPage() {
  useTitle("Scoring weights");
  const [data, setData] = useState<TWeightsOverview | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  const [error, setError] = useState<string | null>(null);
  const [badSignal, setBadSignal] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Once the admin has typed, a (late) answer of a load never replaces what they typed.
  const edited = useRef(false);

  const load = useCallback(async (resetDraft: boolean) => {
    try {
      const next = await adminApi.weights();
      setData(next);
      if (resetDraft && !edited.current) setDraft(toDraft(next.current.weights));
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    }
  }, []);
  useEffect(() => void load(true), [load]);

  if (!data) return error ? <ErrorBanner error={error} onRetry={() => void load(true)} /> : <Loading />;

  const learned = data.latest_learned;
  const signals = [
    ...new Set([...Object.keys(data.defaults), ...Object.keys(data.current.weights), ...Object.keys(draft)]),
  ];
  const changed = signals.filter(
    (s) => draft[s] !== undefined && Number(draft[s]) !== data.current.weights[s],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    setError(null);
    setBadSignal(null);
    const parsed = parseDraft(draft);
    if ("error" in parsed) {
      setError(parsed.error);
      setBadSignal(parsed.signal);
      return;
    }
    setSaving(true);
    try {
      const saved = await adminApi.saveWeights(parsed.weights);
      setNotice(`Saved as manual set version ${saved.version}. New scores use it from now on.`);
      edited.current = false;
      await load(true);
    } catch (err) {
      setError(
        err instanceof ApiError && err.issues.length
          ? `${err.message}: ${err.issues[0]!.message}`
          : messageOf(err),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="stack">
      <AdminSubpageHead title="Scoring weights">
        <p className="muted">
          Points each signal adds to a finding’s 0–100 score at full strength; a negative weight is a
          discount. The learner fits new weights from analysts’ labels; an admin may set them by hand.
        </p>
      </AdminSubpageHead>
      <div className="grid-2">
        <section className="card stack" aria-labelledby="in-use-h" data-testid="weights-in-use">
          <h2 id="in-use-h">In use</h2>
          <p>
            {data.current.version === 0 ? (
              <>The built-in defaults (version 0): no set has been stored yet.</>
            ) : (
              <>
                Version <strong>{data.current.version}</strong>,{" "}
                {data.current.source === "learned"
                  ? `learned from ${data.current.sample_size} labels`
                  : "set by hand (manual)"}
                .
              </>
            )}
          </p>
          {data.latest_manual && (
            <p className="muted">
              Latest manual set: version {data.latest_manual.version}, saved{" "}
              {dateTime(data.latest_manual.created_at)}.
            </p>
          )}
          <p className="muted" data-testid="trusted-accounts">
            Each user with enough labels of their own is scored by a set learned from those alone. This
            platform set scores everyone else; it learns only from the labels of{" "}
            {data.trusted_users === 1 ? "1 trusted account" : `${data.trusted_users} trusted accounts`} (mark
            them on the users page), each at most a fifth of its sample.
          </p>
          <LabelsNeeded learner={data.learner} whose="trusted accounts’" />
        </section>
        <section className="card stack" aria-labelledby="learned-h" data-testid="weights-learned">
          <h2 id="learned-h">Latest learned set</h2>
          {!learned ? (
            <p className="muted">The learner has not stored a set yet.</p>
          ) : (
            <>
              <p>
                Version <strong>{learned.version}</strong>, learned from{" "}
                <strong>{learned.sample_size}</strong> labels on {dateTime(learned.created_at)}.{" "}
                {learned.changes.length === 0
                  ? `It changed nothing against ${learned.previous_version ? `version ${learned.previous_version}` : "the defaults"}.`
                  : `Against ${learned.previous_version ? `version ${learned.previous_version}` : "the defaults"} it changed:`}
              </p>
              {learned.changes.length > 0 && (
                <div className="table-wrap">
                  <table className="table table-compact" data-testid="learned-changes">
                    <TableHead columns={["Signal", "Before", "Learned"]} numeric={["Before", "Learned"]} />
                    <tbody>
                      {learned.changes.map((c) => (
                        <tr key={c.signal}>
                          <td>{c.signal}</td>
                          <td className="num">{show(c.from)}</td>
                          <td className="num">{show(c.to)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </>
          )}
        </section>
      </div>
      <form className="card stack" aria-labelledby="edit-h" onSubmit={(e) => void submit(e)} noValidate>
        <div className="row-between">
          <h2 id="edit-h">Edit and save a manual set</h2>
          <div className="row">
            <button type="button" className="btn btn-small" onClick={() => setDraft(toDraft(data.defaults))}>
              Start from the defaults
            </button>
            {learned && (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setDraft(toDraft(learned.weights))}
              >
                Start from the learned set
              </button>
            )}
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setDraft(toDraft(data.current.weights))}
            >
              Undo my edits
            </button>
          </div>
        </div>
        <p className="hint">
          Saving stores every weight below as a new <code>manual</code> set. The learner’s next set replaces
          it in turn; it starts from your weights rather than the defaults.
        </p>
        <ErrorBanner error={error} />
        {notice && <Notice tone="success">{notice}</Notice>}
        <div className="table-wrap">
          <table className="table table-compact" data-testid="weights-table">
            <TableHead
              columns={["Signal", "Default", "In use", "Learned", "Manual"]}
              numeric={["Default", "In use", "Learned"]}
            />
            <tbody>
              {signals.map((s) => (
                <tr key={s} data-signal={s}>
                  <td>
                    <span title={data.about[s]}>{s}</span>
                    {data.about[s] && <div className="hint">{data.about[s]}</div>}
                  </td>
                  <td className="num">{show(data.defaults[s])}</td>
                  <td className="num">{show(data.current.weights[s])}</td>
                  <td className="num">{show(learned?.weights[s])}</td>
                  <td>
                    <input
                      aria-label={`Weight of ${s}`}
                      aria-invalid={badSignal === s || undefined}
                      inputMode="decimal"
                      size={6}
                      value={draft[s] ?? ""}
                      onChange={(e) => {
                        edited.current = true;
                        setDraft({ ...draft, [s]: e.target.value });
                        setNotice(null);
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="row">
          <button className="btn btn-primary" disabled={saving}>
            {saving ? "Saving…" : "Save as manual set"}
          </button>
          <span className="muted">
            {changed.length === 0
              ? "No changes against the set in use."
              : `${changed.length} changed against the set in use.`}
          </span>
        </div>
      </form>
    </div>
  );
}
