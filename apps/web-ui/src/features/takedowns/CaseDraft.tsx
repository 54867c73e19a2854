import type { TTakedownCase } from "@brandwarden/contract/browser/takedown-cases";
import { CopyButton } from "../../ui/CopyButton.tsx";
import "./takedowns.css";

/** The report as it is sent, with copy buttons for sending it by hand. */
export function CaseDraft({ draft }: { draft: TTakedownCase["draft"] }) {
  return (
    <section className="card" aria-labelledby="td-draft-h" data-testid="case-draft">
      <h2 id="td-draft-h">Report</h2>
      {!draft ? (
        <p className="muted">The report is written once the evidence is captured.</p>
      ) : (
        <div className="stack-tight">
          {draft.warning && (
            <p className="banner banner-warn" role="alert" data-testid="takedown-warning">
              {draft.warning}
            </p>
          )}
          <div className="field">
            <div className="row-between">
              <label htmlFor="td-subject">Subject</label>
              <CopyButton text={draft.subject} label="Copy subject" />
            </div>
            <input id="td-subject" readOnly value={draft.subject} />
          </div>
          <div className="field">
            <div className="row-between">
              <label htmlFor="td-body">Body</label>
              <CopyButton text={draft.body} label="Copy body" />
            </div>
            <textarea id="td-body" readOnly rows={14} value={draft.body} />
          </div>
        </div>
      )}
    </section>
  );
}
