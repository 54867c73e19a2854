import { useCallback, useEffect, useState } from "react";
import { messageOf } from "../../api/client.ts";
import { dashboardApi } from "../../api/endpoints.ts";
import type { TCampaignView } from "@brandwarden/contract/browser/campaigns";
import type { TNarrativesView } from "@brandwarden/contract/browser/reports";
import { Empty } from "../../ui/Empty.tsx";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { SeverityBadge } from "../../ui/SeverityBadge.tsx";
import { TableHead } from "../../ui/TableHead.tsx";
import { CampaignGraph } from "./Charts.tsx";
import "./dashboard.css";

/** Evidence lines shown per campaign in the table; the rest on hover. */
const EVIDENCE_SHOWN = 3;

/** The badge of the brand's own (probably defensive) registrations. */
function OwnBadge() {
  return (
    <span className="own-badge" title="Probably registered by the brand itself: not an attack">
      brand's own
    </span>
  );
}

/**
 * A finding's campaign in the findings table: the campaign's name (its id when the campaigns
 * are not loaded), with the "brand's own" badge for the brand's probable defensive registrations.
 */
export function CampaignCell({ id, campaigns }: { id: string | null; campaigns: TCampaignView[] }) {
  if (!id) return <>—</>;
  const c = campaigns.find((x) => x.campaign_id === id);
  return (
    <span className="campaign-cell" title={c ? `${c.name}\n${id}` : id}>
      {c?.kind === "defensive" ? <OwnBadge /> : (c?.name ?? id)}
    </span>
  );
}

/** Campaign clusters of a scan: graph, table and narratives. */
export function Campaigns({
  scanId,
  campaigns,
  onPick,
  done,
}: {
  scanId: string;
  campaigns: TCampaignView[];
  onPick(id: string): void;
  done: boolean;
}) {
  return (
    <section className="card" aria-labelledby="campaigns-h">
      <div className="card-head">
        <h2 id="campaigns-h">Campaigns</h2>
        <span className="muted">Lookalikes linked by the infrastructure they share</span>
      </div>
      <div className="grid-2">
        <CampaignGraph campaigns={campaigns} onPick={onPick} />
        <div className="stack">
          {campaigns.length > 0 && (
            <div className="table-wrap">
              <table className="table table-compact campaigns-table" data-testid="campaigns-table">
                <TableHead columns={["Campaign", "Worst", "Evidence"]} />
                <tbody>
                  {campaigns.map((c) => (
                    <tr key={c.campaign_id} className={c.kind === "defensive" ? "campaign-own" : undefined}>
                      <td>
                        <button
                          type="button"
                          className="link campaign-name"
                          onClick={() => onPick(c.campaign_id)}
                          title={`Show its ${c.size} findings (id ${c.campaign_id})`}
                        >
                          {c.name}
                        </button>
                        {c.kind === "defensive" && <OwnBadge />}
                      </td>
                      <td>{c.worst_severity ? <SeverityBadge severity={c.worst_severity} /> : "—"}</td>
                      <td>
                        <ul
                          className="evidence-list"
                          title={
                            c.evidence.length > EVIDENCE_SHOWN
                              ? c.evidence.map((e) => e.text).join("\n")
                              : undefined
                          }
                        >
                          {c.evidence.slice(0, EVIDENCE_SHOWN).map((e) => (
                            <li key={e.key}>{e.text}</li>
                          ))}
                          {c.evidence.length > EVIDENCE_SHOWN && (
                            <li className="muted">and {c.evidence.length - EVIDENCE_SHOWN} more</li>
                          )}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {done && campaigns.length > 0 && <NarrativeList scanId={scanId} />}
        </div>
      </div>
    </section>
  );
}

function NarrativeList({ scanId }: { scanId: string }) {
  const [data, setData] = useState<TNarrativesView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    dashboardApi.narratives(scanId).then(setData, (err: unknown) => setError(messageOf(err)));
  }, [scanId]);
  useEffect(load, [load]);
  return (
    <div aria-labelledby="narr-h">
      <h3 id="narr-h">Narratives</h3>
      <ErrorBanner error={error && `Campaign narratives could not be written. ${error}`} onRetry={load} />
      {!data && !error && <Loading label="Writing campaign narratives…" />}
      {data && data.narratives.length === 0 && <Empty title="No narratives for this scan" />}
      {data?.narratives.map((n) => (
        <article key={n.campaign_id} className="narrative">
          <h4>
            {n.name ?? n.campaign_id} {n.kind === "defensive" && <OwnBadge />}{" "}
            <span className="muted">· {n.source === "ai" ? "AI-written" : "summary"}</span>
          </h4>
          <p>{n.narrative}</p>
        </article>
      ))}
    </div>
  );
}
