import { useEffect, useState } from "react";
import {
  DETECTION_SOURCE_NAMES,
  humanDuration,
  type TDetectionSource,
} from "@brandwarden/contract/detection-words";
import type { TTimeToDetectView } from "@brandwarden/contract/browser/monitoring";
import { messageOf } from "../../api/client.ts";
import { monitoringApi } from "../../api/endpoints.ts";
import { ErrorBanner } from "../../ui/ErrorBanner.tsx";
import { TableHead } from "../../ui/TableHead.tsx";
import "./lookalikes.css";

const nameOf = (source: string) => DETECTION_SOURCE_NAMES[source as TDetectionSource] ?? source;

/**
 * How fast each source finds lookalikes: the median time from a name's registration (RDAP/WHOIS
 * creation date) to the first time Brandwarden saw it, per source that saw it first. Names
 * registered before monitoring began are counted apart, as are those whose date is unknown.
 */
export function TimeToDetect() {
  const [data, setData] = useState<TTimeToDetectView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    monitoringApi.timeToDetect().then(
      (d) => live && setData(d),
      (err: unknown) => live && setError(messageOf(err)),
    );
    return () => {
      live = false;
    };
  }, []);
  if (error) return <ErrorBanner error={error} />;
  if (!data || !data.sources.some((s) => s.detected + s.pre_existing + s.unknown > 0)) return null;
  return (
    <section className="card" aria-labelledby="ttd-h" data-testid="time-to-detect">
      <h2 id="ttd-h">Time to detect</h2>
      <div className="table-wrap">
        <table className="table table-compact ttd-table">
          <caption className="sr-only">
            Median time from registration to detection, per source that saw the lookalike first
          </caption>
          <TableHead
            columns={["Source", "Median time to detect", "Measured", "Pre-existing", "Date unknown"]}
            numeric={["Measured", "Pre-existing", "Date unknown"]}
          />
          <tbody>
            {data.sources.map((s) => (
              <tr key={s.source} data-source={s.source}>
                <th scope="row">{nameOf(s.source)}</th>
                <td>{s.median_ms === null ? "—" : humanDuration(s.median_ms)}</td>
                <td className="num">{s.detected}</td>
                <td className="num">{s.pre_existing}</td>
                <td className="num">{s.unknown}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">
        From the registration date (RDAP/WHOIS) to the first time a source saw the name. Pre-existing names
        were registered before monitoring began and were found by the first look.
      </p>
    </section>
  );
}
