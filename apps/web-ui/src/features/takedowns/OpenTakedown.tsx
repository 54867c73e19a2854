import { useState } from "react";
import { TAKEDOWN_STATE_WORDS, takedownCaseLink } from "@brandwarden/contract/takedown-words";
import type { TOpenTakedownCase } from "@brandwarden/contract/browser/takedown-cases";
import { actingFor } from "../../api/acting-for.ts";
import { messageOf } from "../../api/client.ts";
import { takedownApi } from "../../api/endpoints.ts";
import { navigate } from "../../lib/router.tsx";
import "./takedowns.css";

/**
 * Runs one opening at a time and keeps its error for the button to show. It then goes to where
 * the case is shown, except for an admin acting for a user: the case pages are the user's own
 * (no `user_id` in their address), so leaving the user's dashboard would show "not found"; the
 * admin stays and reads what was opened.
 */
function useOpening() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = async (open: () => Promise<{ link: string; done: string }>) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const opened = await open();
      if (!actingFor()) return navigate(opened.link);
      setDone(opened.done);
    } catch (err) {
      setError(messageOf(err));
    }
    setBusy(false);
  };
  return { busy, error, done, run };
}

/** What the opening did or why it failed, beside its button. */
function Outcome({ error, done }: { error: string | null; done: string | null }) {
  if (error)
    return (
      <span className="field-error" role="alert">
        {error}
      </span>
    );
  return done ? (
    <span className="muted" role="status">
      {done}
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
  const { busy, error, done, run } = useOpening();
  const open = async () => {
    const c = await takedownApi.open(target);
    return {
      link: takedownCaseLink(c.case_id),
      done: `Takedown case for ${name}: ${TAKEDOWN_STATE_WORDS[c.state].toLowerCase()}.`,
    };
  };
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
      <Outcome error={error} done={done} />
    </span>
  );
}

/** The bulk action: a case for each selected domain finding, then the takedowns page. */
export function OpenTakedownsButton({ findingIds }: { findingIds: string[] }) {
  const { busy, error, done, run } = useOpening();
  const open = async () => {
    const { opened } = await takedownApi.openMany(findingIds);
    return { link: "/takedowns", done: `${opened} takedown case${opened === 1 ? "" : "s"} opened.` };
  };
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
      <Outcome error={error} done={done} />
    </>
  );
}
