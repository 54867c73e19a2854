import type { TTakedownCase } from "@brandwarden/contract/browser/takedown-cases";
import { takedownApi } from "../../api/endpoints.ts";
import { dateTime } from "../../lib/format.ts";
import { bytesWords } from "./case-words.ts";
import "./takedowns.css";

/** The frozen evidence pack: being captured, ready to download (with its hash), or why it failed. */
export function CaseEvidence({ c }: { c: TTakedownCase }) {
  const e = c.evidence;
  return (
    <section
      className="card"
      aria-labelledby="td-evidence-h"
      data-testid="case-evidence"
      data-status={e.status}
    >
      <h2 id="td-evidence-h">Evidence pack</h2>
      {e.status === "capturing" && (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Capturing the site as it is now: page, redirects,
          screenshot, DNS, RDAP, certificate and hosting…
        </p>
      )}
      {e.status === "failed" && (
        <p className="banner banner-error" role="alert">
          The evidence could not be captured{e.error ? `: ${e.error}` : "."}
        </p>
      )}
      {e.status === "ready" && (
        <div className="stack-tight">
          {e.live === false && (
            <p className="banner banner-warn">Captured from the last scan: the site no longer answered.</p>
          )}
          <p>
            <a className="btn btn-primary" href={takedownApi.evidenceUrl(c.case_id)} download>
              Download evidence (WARC)
            </a>
          </p>
          <dl className="td-facts">
            <dt>Captured</dt>
            <dd>{dateTime(e.captured_at)}</dd>
            <dt>Size</dt>
            <dd>{e.size === null ? "—" : bytesWords(e.size)}</dd>
            <dt>SHA-256</dt>
            <dd className="td-hash" data-testid="evidence-sha256">
              {e.sha256 ?? "—"}
            </dd>
            <dt>Screenshot</dt>
            <dd>{e.screenshot ? "included (also attached to the reports)" : "none"}</dd>
          </dl>
          <p className="hint">
            A WARC file (ISO 28500): the page and each redirect as fetched, the screenshot, DNS, RDAP,
            certificate and hosting records. Desks can check it against the SHA-256 above.
          </p>
        </div>
      )}
    </section>
  );
}
