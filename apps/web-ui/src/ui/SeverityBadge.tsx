import type { TSeverity } from "@brandwarden/contract/common";
import "./SeverityBadge.css";

/** A finding's severity band. */
export function SeverityBadge({ severity }: { severity: TSeverity }) {
  return <span className={`sev sev-${severity}`}>{severity}</span>;
}
