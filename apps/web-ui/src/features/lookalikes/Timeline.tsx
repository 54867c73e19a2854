import type { TObservation } from "@brandwarden/contract/monitoring";
import { dateTime } from "../../lib/format.ts";
import { LifecycleBadge } from "./badges.tsx";
import { ChangeList } from "./ChangeList.tsx";
import "./lookalikes.css";

const EVENTS: Record<string, string> = {
  first_seen: "First seen",
  registered: "Registered",
  changed: "Changed",
  gone: "Gone (no longer registered)",
  reappeared: "Reappeared",
  down: "Went down",
  reemerged: "Re-emerged",
  takedown_requested: "Takedown sent",
  confirmed_malicious: "Confirmed malicious",
  state_changed: "State changed",
};
const SOURCES: Record<string, string> = {
  scan: "scan",
  watch: "watch",
  analyst: "analyst",
  ct: "CT log",
  zone: "zone file",
  nrd: "newly registered domains list",
};

/** A tracked lookalike's timeline, newest first. */
export function Timeline({ entries }: { entries: TObservation[] }) {
  if (!entries.length) return <p className="muted">Nothing recorded yet.</p>;
  return (
    <ol className="timeline" aria-label="Timeline" data-testid="timeline">
      {entries.map((e) => (
        <li key={e.id} data-event={e.event}>
          <div>
            <strong>{EVENTS[e.event] ?? e.event}</strong> <LifecycleBadge state={e.state} />{" "}
            <span className="when">
              {dateTime(e.at)} · by {SOURCES[e.source] ?? e.source}
            </span>
          </div>
          {e.note && <p className="muted">{e.note}</p>}
          <ChangeList changes={e.changes} />
        </li>
      ))}
    </ol>
  );
}
