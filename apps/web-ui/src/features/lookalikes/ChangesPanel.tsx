import { useEffect, useState } from "react";
import { CHANGE_KINDS } from "@brandwarden/contract/constants";
import type { TChangeCounts, TChangeKind } from "@brandwarden/contract/monitoring";
import { messageOf } from "../../api/client.ts";
import { monitoringApi } from "../../api/endpoints.ts";
import type { TChangesView } from "@brandwarden/contract/browser/monitoring";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { SeverityBadge } from "../../ui/SeverityBadge.tsx";
import { plural, severityOf } from "../../lib/format.ts";
import { Link } from "../../lib/router.tsx";
import { ChangeBadge } from "./badges.tsx";
import { ChangeList } from "./ChangeList.tsx";
import "./lookalikes.css";

const SHOWN: TChangeKind[] = ["new", "changed", "reappeared", "gone", "unchanged"];
/** Longer lists of what moved start folded (counts and an expand button): the table is below. */
const FOLD_AFTER = 8;

/**
 * "Since the last scan": the counts per change (each filters the findings table) and the
 * findings that moved, new first, with what changed. Shown once the scan completed. A first
 * scan has nothing to compare with: one line says so (every finding would be listed as new).
 */
export function ChangesPanel({
  scanId,
  tick,
  selected,
  onPick,
}: {
  scanId: string;
  tick: number;
  selected: string;
  onPick(change: TChangeKind | "moved" | ""): void;
}) {
  const [view, setView] = useState<TChangesView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [unfolded, setUnfolded] = useState(false);
  useEffect(() => {
    const ctl = new AbortController();
    monitoringApi.changes(scanId, ctl.signal).then(
      (v) => (setView(v), setError(null)),
      (err: unknown) => (err as Error).name !== "AbortError" && setError(messageOf(err)),
    );
    return () => ctl.abort();
  }, [scanId, tick]);

  if (error) return <ErrorBanner error={error} />;
  if (!view?.computed || !view.counts) return null;
  const counts = view.counts;
  const social = view.social_counts;
  const moved = counts.new + counts.changed + counts.reappeared + counts.gone;
  const socialMoved = social ? social.new + social.changed + social.reappeared + social.gone : 0;
  if (!view.previous_scan_id) {
    const domains = foundIn(counts);
    const profiles = social ? foundIn(social) : 0;
    return (
      <section
        className="card card-inline"
        aria-labelledby="changes-h"
        data-testid="changes-panel"
        data-first-scan=""
      >
        <h2 id="changes-h" className="inline-h">
          Since the last scan
        </h2>
        <span className="muted" data-testid="changes-first-scan">
          First scan: {plural(domains + profiles, "finding")}
          {profiles > 0 && ` (${plural(domains, "lookalike domain")}, ${plural(profiles, "social profile")})`}
          , nothing to compare with yet.
        </span>
      </section>
    );
  }
  const rows = view.findings.length + view.social_findings.length;
  const folded = rows > FOLD_AFTER && !unfolded;
  return (
    <section className="card stack" aria-labelledby="changes-h" data-testid="changes-panel">
      <div className="card-head">
        <h2 id="changes-h">Since the last scan</h2>
        {selected && (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => onPick("")}>
            Show all findings
          </button>
        )}
      </div>
      <p className="muted">
        {moved === 0 && socialMoved === 0
          ? "Nothing moved since the previous scan."
          : `${moved} lookalike domain${moved === 1 ? "" : "s"}${socialMoved ? ` and ${socialMoved} social profile${socialMoved === 1 ? "" : "s"}` : ""} moved since the previous scan.`}
      </p>
      <ul className="changes-counts" aria-label="Findings per change">
        {SHOWN.filter((k) => CHANGE_KINDS.includes(k)).map((k) => (
          <li key={k}>
            <button
              type="button"
              className="count-tile"
              aria-pressed={selected === k}
              onClick={() => onPick(selected === k ? "" : k)}
              data-change={k}
            >
              <span className="n">{counts[k] + (social?.[k] ?? 0)}</span>
              <ChangeBadge change={k} />
            </button>
          </li>
        ))}
      </ul>
      {rows > FOLD_AFTER && (
        <button
          type="button"
          className="btn btn-small changes-fold"
          aria-expanded={!folded}
          aria-controls="changes-moved"
          onClick={() => setUnfolded(folded)}
        >
          {folded ? `Show what moved (${rows})` : "Hide what moved"}
        </button>
      )}
      {rows > 0 && (
        <ul className="changes-list" aria-label="What moved" id="changes-moved" hidden={folded}>
          {view.findings.map((f) => (
            <li key={f.id}>
              <ChangeBadge change={f.change} />
              <div>
                <Link to={`/findings/${f.id}`}>{f.domain}</Link>{" "}
                {f.change !== "gone" && <SeverityBadge severity={severityOf(f)} />}
                <ChangeList changes={f.change === "gone" ? [] : f.changes} />
              </div>
            </li>
          ))}
          {view.social_findings.map((f) => (
            <li key={f.id}>
              <ChangeBadge change={f.change} />
              <div>
                <Link to={`/findings/${f.id}?kind=social`}>
                  {f.platform}: {f.handle}
                </Link>
                <ChangeList changes={f.change === "gone" ? [] : f.changes} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The findings of the scan itself (`gone` ones were the previous scan's). */
const foundIn = (c: TChangeCounts) => c.new + c.changed + c.unchanged + c.reappeared;
