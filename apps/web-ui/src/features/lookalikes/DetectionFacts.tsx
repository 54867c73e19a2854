import { foundByPhrase, humanDuration } from "@brandwarden/contract/detection-words";
import type { TDetectionFacts } from "@brandwarden/contract/time-to-detect";
import { dateTime } from "../../lib/format.ts";
import "./lookalikes.css";

/** The zone a `.com` zone file would list the name in: its last label. */
const zoneOf = (name: string) => name.split(".").pop() ?? null;

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Found in the .com zone file", "Found by the watch": which source saw a lookalike first. */
export const firstSeenPhrase = (source: string, name: string) =>
  capitalised(foundByPhrase(source, zoneOf(name)));

/**
 * When a lookalike was registered, when its certificate first appeared, when Brandwarden first saw
 * it and by which source, and the time from registration to detection.
 */
export function DetectionFacts({ detection: d, name }: { detection: TDetectionFacts; name: string }) {
  const detected =
    d.time_to_detect_ms !== null
      ? humanDuration(d.time_to_detect_ms)
      : d.pre_existing
        ? "pre-existing: registered before monitoring began, found by the first look"
        : "unknown until the registration date is";
  return (
    <section className="card" aria-labelledby="detection-h" data-testid="detection">
      <h2 id="detection-h">Detection</h2>
      <dl className="detection-facts">
        <div>
          <dt>Registered</dt>
          <dd>{d.registered_at ? dateTime(d.registered_at) : "unknown"}</dd>
        </div>
        <div>
          <dt>Certificate first seen</dt>
          <dd>{d.cert_first_seen_at ? dateTime(d.cert_first_seen_at) : "none seen"}</dd>
        </div>
        <div>
          <dt>First seen</dt>
          <dd>
            {dateTime(d.first_seen_at)} · {firstSeenPhrase(d.first_seen_by, name)}
          </dd>
        </div>
        <div>
          <dt>Time to detect</dt>
          <dd>{detected}</dd>
        </div>
      </dl>
    </section>
  );
}
