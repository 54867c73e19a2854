import type { TKeywordExpansion } from "@brandwarden/contract/browser/account";
import { Notice } from "../../ui/Notice.tsx";
import { StatusBadge } from "../../ui/StatusBadge.tsx";
import { dateTime } from "../../lib/format.ts";

/**
 * The keywords Brandwarden derived from the profile (product names, brand-name spellings) after
 * the last save, and what went wrong if it did: the worker reports failures on the event stream.
 */
export function AccountKeywords({ expansion }: { expansion: TKeywordExpansion | null }) {
  return (
    <section className="card stack" aria-labelledby="derived-h" data-testid="keyword-expansion">
      <div className="row-between">
        <h2 id="derived-h">Derived keywords</h2>
        {expansion && <StatusBadge status={expansion.status} />}
      </div>
      <p className="hint">
        After each save, keywords are derived from your brand and your sites, and scans use them with yours.
      </p>
      {!expansion ? (
        <p className="muted">Save the profile to derive keywords.</p>
      ) : expansion.status === "failed" ? (
        <div className="banner banner-error" role="alert">
          <span>
            {expansion.problem?.message ?? "Keyword expansion failed."} (
            {dateTime(expansion.problem?.reported_at)}
            ). Save the profile again to retry; scans use your own keywords meanwhile.
          </span>
        </div>
      ) : expansion.status === "pending" ? (
        <p className="muted">
          <span className="spinner" aria-hidden="true" /> Deriving keywords from your profile…
        </p>
      ) : expansion.keywords.length === 0 ? (
        <p className="muted">Nothing beyond your own keywords was found.</p>
      ) : (
        <p data-testid="derived-keywords">{expansion.keywords.join(", ")}</p>
      )}
      {expansion?.status === "stored" && expansion.problem && (
        <Notice tone="warn">{expansion.problem.message}</Notice>
      )}
    </section>
  );
}
