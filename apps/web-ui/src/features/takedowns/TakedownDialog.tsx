import { useCallback, useEffect, useState } from "react";
import { messageOf } from "../../api/client.ts";
import { takedownApi } from "../../api/endpoints.ts";
import type { TTakedownDraft } from "@brandwarden/contract/worker-api";
import { CopyButton } from "../../ui/CopyButton.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { TakedownSent } from "./TakedownSent.tsx";

/** "Generate takedown": the drafted abuse e-mail, ready to copy. */
export function TakedownDialog({
  finding,
  onClose,
}: {
  finding: { id: string; domain: string } | null;
  onClose(): void;
}) {
  const [draft, setDraft] = useState<TTakedownDraft | null>(null);
  const [error, setError] = useState<string | null>(null);

  const generate = useCallback(async () => {
    if (!finding) return;
    setDraft(null);
    setError(null);
    try {
      setDraft(await takedownApi.generate(finding.id));
    } catch (err) {
      setError(messageOf(err));
    }
  }, [finding]);
  useEffect(() => void generate(), [generate]);

  return (
    <Dialog
      title={finding ? `Takedown request for ${finding.domain}` : "Takedown"}
      open={!!finding}
      onClose={onClose}
      wide
    >
      <ErrorBanner error={error} onRetry={() => void generate()} />
      {!draft && !error && <Loading label="Drafting the takedown request…" />}
      {draft && finding && (
        <div className="stack" data-testid="takedown-draft">
          {draft.warning && (
            <p className="banner banner-warn" role="alert" data-testid="takedown-warning">
              {draft.warning}
            </p>
          )}
          <p className="hint">Review, then send it to the registrar's and host's abuse contacts.</p>
          <TakedownSent findingId={finding.id} />
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
            <textarea id="td-body" readOnly rows={16} value={draft.body} />
          </div>
        </div>
      )}
    </Dialog>
  );
}
