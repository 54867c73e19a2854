import { useState } from "react";
import { messageOf } from "../../api/client.ts";
import { takedownApi } from "../../api/endpoints.ts";
import type { TTrackedLookalike } from "@brandwarden/contract/monitoring";
import { dateTime } from "../../lib/format.ts";
import { Link } from "../../lib/router.tsx";

/** "Mark takedown sent": from then on the watch checks the site and records when it goes down. */
export function TakedownSent({ findingId }: { findingId: string }) {
  const [sent, setSent] = useState<TTrackedLookalike | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mark = async () => {
    setBusy(true);
    setError(null);
    try {
      setSent((await takedownApi.markSent(findingId)).lookalike);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  if (sent)
    return (
      <p className="banner" role="status" data-testid="takedown-sent">
        Marked as sent {dateTime(sent.takedown_requested_at)}. The watch checks the site and alerts when it
        goes down, or if it comes back. <Link to={sent.link}>Follow it</Link>
      </p>
    );
  return (
    <div className="row">
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void mark()}>
        Mark takedown sent
      </button>
      <span className="hint">after sending it, so the watch follows the site until it is down.</span>
      {error && <span className="field-error">{error}</span>}
    </div>
  );
}
