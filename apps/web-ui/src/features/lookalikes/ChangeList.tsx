import { describeChange } from "@brandwarden/contract/change-describe";
import type { TFieldChange } from "@brandwarden/contract/monitoring";
import "./lookalikes.css";

/** What moved, one phrase per change ("login form appeared", "severity low → critical"). */
export function ChangeList({ changes }: { changes: TFieldChange[] | null | undefined }) {
  if (!changes?.length) return null;
  return (
    <ul className="change-phrases">
      {changes.map((c) => (
        <li key={c.field}>{describeChange(c)}</li>
      ))}
    </ul>
  );
}
