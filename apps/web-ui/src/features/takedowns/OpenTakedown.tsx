import { useState } from "react";
import type { TOpenTakedownCase } from "@brandwarden/contract/browser/takedown-cases";
import { messageOf } from "../../api/client.ts";
import { takedownApi } from "../../api/endpoints.ts";
import { navigate } from "../../lib/router.tsx";
import { useUserPaths } from "../../lib/acting-for-context.tsx";
import "./takedowns.css";

/**
 * Runs one opening at a time and keeps its error for the button to show; then goes to where the
 * case is shown (for an admin acting for a user, the user's cases under /admin/users/:id).
 */
function useOpening() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (open: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    try {
      return navigate(await open());
    } catch (err) {
      setError(messageOf(err));
    }
    setBusy(false);
  };
  return { busy, error, run };
}

/** Why the opening failed, beside its button. */
function OpeningError({ error }: { error: string | null }) {
  return error ? (
    <span className="field-error" role="alert">
      {error}
    </span>
  ) : null;
}

/**
 * "Open takedown" on a finding: opens its case (or finds the lookalike's open one) and goes to the
 * case page, where the evidence is captured and the recipients found.
 */
export function OpenTakedownButton({
  target,
  name,
  small,
}: {
  target: TOpenTakedownCase;
  /** The lookalike, for the button's accessible name. */
  name: string;
  small?: boolean;
}) {
  const { busy, error, run } = useOpening();
  const paths = useUserPaths();
  const open = async () => `${paths.takedowns}/${(await takedownApi.open(target)).case_id}`;
  return (
    <span className="td-open">
      <button
        type="button"
        className={`btn${small ? " btn-small" : ""}`}
        aria-label={`Open takedown for ${name}`}
        disabled={busy}
        onClick={() => void run(open)}
      >
        Open takedown
      </button>
      <OpeningError error={error} />
    </span>
  );
}

/** The bulk action: a case for each selected domain finding, then the (user's) takedowns page. */
export function OpenTakedownsButton({ findingIds }: { findingIds: string[] }) {
  const { busy, error, run } = useOpening();
  const paths = useUserPaths();
  const open = async () => (await takedownApi.openMany(findingIds), paths.takedowns);
  return (
    <>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy || findingIds.length === 0}
        onClick={() => void run(open)}
      >
        Open takedowns ({findingIds.length})
      </button>
      <OpeningError error={error} />
    </>
  );
}
