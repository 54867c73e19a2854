import type { TTakedownCase } from "@brandwarden/contract/browser/takedown-cases";
import { dateTime } from "../../lib/format.ts";
import "./takedowns.css";

const EVENTS: Record<TTakedownCase["timeline"][number]["event"], string> = {
  opened: "Case opened",
  evidence_captured: "Evidence captured",
  evidence_failed: "Evidence capture failed",
  recipients_edited: "Recipients edited",
  sent: "Report sent",
  send_failed: "Sending failed",
  escalated: "Escalated",
  down: "Site down",
  reemerged: "Site came back",
  withdrawn: "Withdrawn",
};

/** Follow-ups and next-level reports, one per escalation period the site stayed up. */
export function CaseEscalations({ c }: { c: TTakedownCase }) {
  return (
    <section className="card" aria-labelledby="td-esc-h" data-testid="case-escalations">
      <h2 id="td-esc-h">Escalations</h2>
      {!c.escalations.length ? (
        <p className="muted">
          None. If the site is still up a while after sending, the case follows up with the same desks and
          reports to the next level
          {c.escalation_contacts.length
            ? ` (${c.escalation_contacts.map((e) => e.organisation).join(", ")})`
            : ""}
          .
        </p>
      ) : (
        <ol className="changes-list">
          {c.escalations.map((e) => (
            <li key={e.level} className="td-escalation">
              <div>
                <strong>Escalation {e.level}</strong> <span className="muted">{dateTime(e.at)}</span>
                <p>{e.reason}</p>
                <p className="muted">
                  To {e.to.map((t) => `${t.organisation} (${t.role}, ${t.address})`).join("; ")}
                </p>
                {e.message_ids.length > 0 && (
                  <p className="td-hash muted">Message-ID {e.message_ids.join(", ")}</p>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Everything that happened to the case, newest first. */
export function CaseTimeline({ c }: { c: TTakedownCase }) {
  const entries = [...c.timeline].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section className="card" aria-labelledby="td-timeline-h">
      <h2 id="td-timeline-h">Timeline</h2>
      <ol className="changes-list" aria-label="Timeline" data-testid="case-timeline">
        {entries.map((e, i) => (
          <li key={`${e.at}-${i}`} data-event={e.event}>
            <div>
              <strong>{EVENTS[e.event]}</strong> <span className="muted">{dateTime(e.at)}</span>
              {e.detail && <p className="muted">{e.detail}</p>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
