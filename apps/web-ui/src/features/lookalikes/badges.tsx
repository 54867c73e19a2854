import type { TChangeKind, TLifecycleState } from "@brandwarden/contract/monitoring";
import "./lookalikes.css";

const CHANGE_LABELS: Record<TChangeKind, string> = {
  new: "new",
  changed: "changed",
  unchanged: "unchanged",
  reappeared: "reappeared",
  gone: "gone",
};

/** How a finding moved since the previous scan. */
export function ChangeBadge({ change }: { change: TChangeKind | null | undefined }) {
  if (!change) return <span className="muted">—</span>;
  return <span className={`chg chg-${change}`}>{CHANGE_LABELS[change]}</span>;
}

/** Where a tracked lookalike stands in its lifecycle. */
export function LifecycleBadge({ state }: { state: TLifecycleState }) {
  return <span className={`lc lc-${state}`}>{state.replace("_", " ")}</span>;
}
