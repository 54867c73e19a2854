import { useCallback, useEffect, useState } from "react";
import { DOWN_HOW_WORDS } from "@brandwarden/contract/takedown-words";
import type { TTakedownCase } from "@brandwarden/contract/browser/takedown-cases";
import { messageOf } from "../../api/client.ts";
import { takedownApi } from "../../api/endpoints.ts";
import { dateTime } from "../../lib/format.ts";
import { Link, useTitle } from "../../lib/router.tsx";
import { useSubmit } from "../../lib/useSubmit.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { Notice } from "../../ui/Notice.tsx";
import { useActingFor, useUserPaths } from "../../lib/acting-for-context.tsx";
import { CaseDraft } from "./CaseDraft.tsx";
import { CaseEvidence } from "./CaseEvidence.tsx";
import { CaseEscalations, CaseTimeline } from "./CaseHistory.tsx";
import { caseName, findingLink, isEnded, isSendable, isSettling, timeToDownWords } from "./case-words.ts";
import { RecipientsCard } from "./RecipientsCard.tsx";
import { StateBadge } from "./StateBadge.tsx";
import "./takedowns.css";

/** While the evidence is captured or reports go out, the page asks again this often. */
const POLL_MS = 2000;

/**
 * One takedown case (`/takedowns/:case_id`): where it stands, the evidence pack, the recipients
 * (editable before sending), the report, sending (or marking it sent by hand), withdrawing, the
 * escalations and the timeline. Everything comes from the server, so a reload shows the same.
 * An admin acting for the case's owner sees it at `/admin/users/:id/takedowns/:case_id`.
 */
export function TakedownCasePage({ caseId }: { caseId: string }) {
  const acting = useActingFor();
  const paths = useUserPaths();
  const [c, setCase] = useState<TTakedownCase | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [reason, setReason] = useState("");
  const action = useSubmit();
  useTitle(c ? `Takedown: ${caseName(c)}` : "Takedown");

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setCase(await takedownApi.get(caseId, signal));
        setError(null);
      } catch (err) {
        if ((err as Error).name !== "AbortError") setError(messageOf(err));
      }
    },
    [caseId],
  );
  useEffect(() => {
    const ctl = new AbortController();
    void load(ctl.signal);
    return () => ctl.abort();
  }, [load]);

  // Evidence being captured, reports going out: ask again until they settle.
  const settling = c ? isSettling(c) : false;
  useEffect(() => {
    if (!settling) return;
    const ctl = new AbortController();
    const timer = setTimeout(() => void load(ctl.signal), POLL_MS);
    return () => (clearTimeout(timer), ctl.abort());
  }, [settling, c, load]);

  const act = (fn: () => Promise<unknown>) =>
    action.run(async () => {
      await fn();
      await load();
    });

  if (!c && error) return <ErrorBanner error={error} onRetry={() => void load()} />;
  if (!c) return <Loading label="Loading the takedown case…" />;
  const sendable = isSendable(c.state);
  const emailRecipients = c.recipients.filter((r) => r.channel === "email").length;

  return (
    <div className="stack" data-testid="takedown-case" data-state={c.state}>
      <div className="page-head row-between">
        <div>
          <p className="muted">
            <Link to={paths.takedowns}>Takedowns</Link> /
          </p>
          <h1 className="break">
            {caseName(c)} <StateBadge state={c.state} />
          </h1>
          <p className="muted">
            Opened {dateTime(c.opened_at)}
            {c.first_sent_at && <> · first sent {dateTime(c.first_sent_at)}</>}
            {c.last_checked_at && <> · last checked {dateTime(c.last_checked_at)}</>}
            {/* The finding's page is the owner's own; an admin reads it on the owner's dashboard. */}
            {!acting && (
              <>
                {" "}
                ·{" "}
                <Link to={findingLink(c)}>
                  {c.kind === "social" ? "The profile's finding" : "The lookalike's page"}
                </Link>
              </>
            )}
            {c.profile_url && (
              <>
                {" "}
                ·{" "}
                <a href={c.profile_url} rel="noreferrer" target="_blank">
                  profile
                </a>
              </>
            )}
          </p>
        </div>
        <div className="row td-actions">
          {sendable && c.sending.available && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={action.busy || emailRecipients === 0}
              title={emailRecipients === 0 ? "No e-mail recipient: add one, or send by hand" : undefined}
              onClick={() => void act(() => takedownApi.send(c.case_id))}
            >
              Send to {emailRecipients} recipient{emailRecipients === 1 ? "" : "s"}
            </button>
          )}
          {sendable && (
            <button
              type="button"
              className="btn"
              disabled={action.busy}
              onClick={() => void act(() => takedownApi.send(c.case_id, { manual: true }))}
            >
              Mark as sent by hand
            </button>
          )}
          {!isEnded(c.state) && (
            <button
              type="button"
              className="btn btn-danger"
              disabled={action.busy}
              onClick={() => setWithdrawing(true)}
            >
              Withdraw
            </button>
          )}
        </div>
      </div>
      <ErrorBanner error={action.error ?? error} />
      {sendable && !c.sending.available && (
        <Notice tone="warn">
          {c.sending.reason ?? "Brandwarden cannot send e-mail here."} Copy the report below, send it with the
          evidence pack from your own mail client or the desks' forms, then mark it as sent by hand: the case
          then checks the site and escalates as usual.
        </Notice>
      )}
      {c.state === "reemerged" && (
        <Notice tone="warn">
          The site came back after going down: the case is open again. Send the report again.
        </Notice>
      )}
      {c.down_at && c.state === "down" && (
        <section className="card td-down" aria-labelledby="td-down-h" data-testid="case-down">
          <h2 id="td-down-h">Down</h2>
          <p>
            Down since {dateTime(c.down_at)}
            {c.down_how && <>: {DOWN_HOW_WORDS[c.down_how]}</>}.
            {c.time_to_down_s !== null && (
              <>
                {" "}
                Time to down: <strong data-testid="time-to-down">
                  {timeToDownWords(c.time_to_down_s)}
                </strong>{" "}
                after the first report.
              </>
            )}
          </p>
        </section>
      )}
      <div className="grid-2">
        <CaseEvidence c={c} />
        <CaseDraft draft={c.draft} />
      </div>
      <RecipientsCard c={c} editable={sendable} onSaved={() => void load()} />
      <div className="grid-2">
        <CaseEscalations c={c} />
        <CaseTimeline c={c} />
      </div>
      <Dialog
        title={`Withdraw the case for ${caseName(c)}?`}
        open={withdrawing}
        onClose={() => setWithdrawing(false)}
      >
        <div className="stack-tight">
          <p>The case ends: no more checks or escalations. A new case can be opened later.</p>
          <div className="field">
            <label htmlFor="td-withdraw-reason">Reason (optional)</label>
            <input
              id="td-withdraw-reason"
              value={reason}
              maxLength={1000}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className="row">
            <button type="button" className="btn" onClick={() => setWithdrawing(false)}>
              Keep the case
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={action.busy}
              onClick={() => (
                setWithdrawing(false),
                void act(() => takedownApi.withdraw(c.case_id, reason.trim()))
              )}
            >
              Withdraw case
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
