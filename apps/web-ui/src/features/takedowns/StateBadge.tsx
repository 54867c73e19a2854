import { TAKEDOWN_STATE_WORDS, type TTakedownState } from "@brandwarden/contract/takedown-words";
import "./takedowns.css";

/** Where a takedown case stands, as a badge. */
export function StateBadge({ state }: { state: TTakedownState }) {
  return (
    <span className={`status td-state td-state-${state}`} data-state={state}>
      {TAKEDOWN_STATE_WORDS[state]}
    </span>
  );
}
