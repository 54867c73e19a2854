import { useCallback, useEffect, useRef, useState } from "react";
import type { TLabel } from "@brandwarden/contract/common";
import { messageOf } from "../../api/client.ts";
import { triageApi } from "../../api/endpoints.ts";
import type { TTriageItem, TTriageLearnerStatus } from "@brandwarden/contract/browser/triage";
import { DomainEvidence, SocialEvidence } from "../../ui/Evidence.tsx";
import { OpenTakedownButton, OpenTakedownsButton } from "../takedowns/OpenTakedown.tsx";
import { Empty } from "../../ui/Empty.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { SeverityBadge } from "../../ui/SeverityBadge.tsx";
import { severityOf } from "../../lib/format.ts";
import { Link, useTitle } from "../../lib/router.tsx";
import { LabelsNeeded, WeightsInUse } from "./TriageLearner.tsx";
import "./triage.css";

const nameOf = (item: TTriageItem) =>
  item.kind === "domain" ? item.finding.domain : `@${item.finding.handle} (${item.finding.platform})`;

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return (
    !!el &&
    (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable)
  );
}

/** Unlabeled findings, worst first: evidence side by side, confirm or benign one at a time or in bulk. */
export function TriagePage() {
  useTitle("Triage");
  const [items, setItems] = useState<TTriageItem[] | null>(null);
  const [learner, setLearner] = useState<TTriageLearnerStatus | null>(null);
  const [index, setIndex] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      const queue = await triageApi.queue();
      setItems(queue.items);
      setLearner(queue.learner);
      setIndex(0);
      setSelected(new Set());
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const current = items?.[index] ?? null;
  /** Takedowns open in bulk for domain findings (a social case is opened one at a time). */
  const selectedDomains = (items ?? [])
    .filter((i) => i.kind === "domain" && selected.has(i.finding.id))
    .map((i) => i.finding.id);

  const labelCurrent = useCallback(
    async (label: TLabel) => {
      if (!current || busy) return;
      setBusy(true);
      setError(null);
      try {
        setLearner((await triageApi.label(current.kind, current.finding.id, label, reason.trim())).learner);
        setNotice(`${nameOf(current)} marked ${label}.`);
        setReason("");
        setItems((list) => (list ? list.filter((i) => i.finding.id !== current.finding.id) : list));
        setSelected((s) => {
          const next = new Set(s);
          next.delete(current.finding.id);
          return next;
        });
        setIndex((i) => Math.max(0, Math.min(i, (items?.length ?? 1) - 2)));
      } catch (err) {
        setError(messageOf(err));
      } finally {
        setBusy(false);
      }
    },
    [current, busy, reason, items],
  );

  const labelSelected = async (label: TLabel) => {
    if (!items || selected.size === 0) return;
    setBusy(true);
    setError(null);
    try {
      const chosen = items.filter((i) => selected.has(i.finding.id));
      let labeled = 0;
      for (const kind of ["domain", "social"] as const) {
        const ids = chosen.filter((i) => i.kind === kind).map((i) => i.finding.id);
        if (!ids.length) continue;
        const done = await triageApi.bulk(kind, ids, label, reason.trim());
        labeled += done.labeled;
        setLearner(done.learner);
      }
      setNotice(`${labeled} findings marked ${label}.`);
      setReason("");
      setItems(items.filter((i) => !selected.has(i.finding.id)));
      setSelected(new Set());
      setIndex(0);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.metaKey || e.ctrlKey || e.altKey || !items?.length) return;
      if (isTyping(e.target)) {
        if (e.key === "Escape") (e.target as HTMLElement).blur();
        return;
      }
      const k = e.key.toLowerCase();
      if (k === "j" || e.key === "ArrowDown") setIndex((i) => Math.min(items.length - 1, i + 1));
      else if (k === "k" || e.key === "ArrowUp") setIndex((i) => Math.max(0, i - 1));
      else if (k === "c") void labelCurrent("confirmed");
      else if (k === "b") void labelCurrent("benign");
      else if (k === "x" && current) toggle(current.finding.id);
      else if (k === "r") reasonRef.current?.focus();
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [items, current, labelCurrent]);

  if (!items && error) return <ErrorBanner error={error} onRetry={() => void load()} />;
  if (!items) return <Loading label="Loading the triage queue…" />;

  return (
    <div className="stack">
      <div className="page-head row-between">
        <div>
          <h1>Triage</h1>
          <p className="muted">
            Unlabeled findings, worst first. Your labels teach the scorer what matters to you.
          </p>
          <WeightsInUse learner={learner} />
          <LabelsNeeded learner={learner} />
        </div>
        <button type="button" className="btn" onClick={() => void load()}>
          Reload queue
        </button>
      </div>
      <ErrorBanner error={error} />
      {notice && <Notice tone="success">{notice}</Notice>}
      {items.length === 0 ? (
        <div className="card">
          <Empty title="All caught up">
            Nothing is waiting for a label. New findings from the next <Link to="/dashboard">scan</Link> will
            appear here.
          </Empty>
        </div>
      ) : (
        <div className="triage">
          <aside className="card triage-queue" aria-label="Queue">
            <div className="row-between">
              <label className="check">
                <input
                  type="checkbox"
                  checked={selected.size === items.length}
                  onChange={(e) =>
                    setSelected(e.target.checked ? new Set(items.map((i) => i.finding.id)) : new Set())
                  }
                />
                Select all ({items.length})
              </label>
            </div>
            <ol className="queue-list" data-testid="triage-queue">
              {items.map((item, i) => (
                <li key={item.finding.id} className={i === index ? "current" : undefined}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${nameOf(item)}`}
                    checked={selected.has(item.finding.id)}
                    onChange={() => toggle(item.finding.id)}
                  />
                  <button
                    type="button"
                    className="queue-item"
                    aria-current={i === index ? "true" : undefined}
                    onClick={() => setIndex(i)}
                  >
                    <SeverityBadge severity={severityOf(item.finding)} />
                    <span className="clip">{nameOf(item)}</span>
                    <span className="muted num">{Math.round(item.score)}</span>
                  </button>
                </li>
              ))}
            </ol>
            {selected.size > 0 && (
              <div className="bulk" role="group" aria-label="Bulk actions">
                <strong>{selected.size} selected</strong>
                <button
                  type="button"
                  className="btn btn-danger btn-small"
                  disabled={busy}
                  onClick={() => void labelSelected("confirmed")}
                >
                  Confirm selected
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={busy}
                  onClick={() => void labelSelected("benign")}
                >
                  Mark selected benign
                </button>
                {selectedDomains.length > 0 && <OpenTakedownsButton findingIds={selectedDomains} />}
              </div>
            )}
          </aside>
          {current && (
            <section className="card triage-current" aria-labelledby="current-h" data-testid="triage-current">
              <div className="row-between">
                <h2 id="current-h">
                  {nameOf(current)}{" "}
                  <span className="muted">
                    ({index + 1} of {items.length})
                  </span>
                </h2>
                <OpenTakedownButton
                  small
                  name={nameOf(current)}
                  target={
                    current.kind === "domain"
                      ? { finding_id: current.finding.id }
                      : { social_finding_id: current.finding.id }
                  }
                />
              </div>
              <div className="decide">
                <label htmlFor="reason">Reason (optional)</label>
                <input
                  id="reason"
                  ref={reasonRef}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  placeholder="e.g. clone of our login page"
                  maxLength={2000}
                />
                <button
                  type="button"
                  className="btn btn-danger"
                  disabled={busy}
                  onClick={() => void labelCurrent("confirmed")}
                >
                  Confirm threat <kbd>C</kbd>
                </button>
                <button
                  type="button"
                  className="btn"
                  disabled={busy}
                  onClick={() => void labelCurrent("benign")}
                >
                  Benign <kbd>B</kbd>
                </button>
              </div>
              <p className="hint shortcuts">
                Keys: <kbd>J</kbd>/<kbd>↓</kbd> next · <kbd>K</kbd>/<kbd>↑</kbd> previous · <kbd>C</kbd>{" "}
                confirm · <kbd>B</kbd> benign · <kbd>X</kbd> select for bulk · <kbd>R</kbd> reason
              </p>
              {current.kind === "domain" ? (
                <DomainEvidence f={current.finding} />
              ) : (
                <SocialEvidence f={current.finding} />
              )}
            </section>
          )}
        </div>
      )}
    </div>
  );
}
