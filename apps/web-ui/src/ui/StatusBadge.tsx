import "./StatusBadge.css";

/** A status word (scan, stage, enrichment) as a badge; underscores read as spaces. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`status status-${status}`}>{status.replace(/_/g, " ")}</span>;
}
