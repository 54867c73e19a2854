import { useCallback, useEffect, useState } from "react";
import { messageOf } from "../api/client.ts";
import { dashboardApi } from "../api/endpoints.ts";
import type { Campaign, Narratives } from "../api/types.ts";
import { Empty, ErrorBanner, Loading } from "../components/ui.tsx";
import { date } from "../lib/format.ts";
import { CampaignGraph } from "./Charts.tsx";

/** Campaign clusters of a scan: graph, table and narratives. */
export function Campaigns({
  scanId,
  campaigns,
  onPick,
  done,
}: {
  scanId: string;
  campaigns: Campaign[];
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
              <table className="table table-compact" data-testid="campaigns-table">
                <thead>
                  <tr>
                    <th scope="col">Campaign</th>
                    <th scope="col" className="num">
                      Domains
                    </th>
                    <th scope="col" className="num">
                      Worst score
                    </th>
                    <th scope="col">Registered</th>
                    <th scope="col">Shared infrastructure</th>
                  </tr>
                </thead>
                <tbody>
                  {campaigns.map((c) => (
                    <tr key={c.campaign_id}>
                      <td>
                        <button
                          type="button"
                          className="link"
                          onClick={() => onPick(c.campaign_id)}
                          title="Show its findings"
                        >
                          {c.campaign_id}
                        </button>
                      </td>
                      <td className="num">{c.size}</td>
                      <td className="num">{Math.round(c.max_score)}</td>
                      <td>
                        {c.earliest_registration
                          ? `${date(c.earliest_registration)} – ${date(c.latest_registration)}`
                          : "—"}
                      </td>
                      <td className="clip" title={c.keys.join("\n")}>
                        {c.keys.join(", ")}
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
  const [data, setData] = useState<Narratives | null>(null);
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
            {n.campaign_id}{" "}
            <span className="muted">
              · {n.domains.length} domains · {n.source === "ai" ? "AI-written" : "summary"}
            </span>
          </h4>
          <p>{n.narrative}</p>
        </article>
      ))}
    </div>
  );
}
