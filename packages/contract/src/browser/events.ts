import type { TFindingKind } from "../common.ts";
import type { TEventOf } from "../events.ts";
import type { TScanStatus } from "../constants.ts";
import type { TStageStates } from "../scan.ts";

/**
 * `GET /scans/:id/events`: the scan's stream `scan_<id>` as server-sent events (contract part 6),
 * to its owner, or to an admin acting for the owner (`?user_id=`). `hello` comes first, with the
 * scan's state; then one event per move of the scan, each named by its type. The web app writes
 * them and the browser reads them; nothing parses them, so they are types without schemas.
 */

/** `hello`: the stream's name and the scan's state when it opened. */
export type TScanStreamHello = { stream: string; status: TScanStatus; stage_states: TStageStates };

/**
 * `phase_progress` (counts moved), `phase_update` (a status moved), `complete`, `failed` and
 * `cancelled` (the scan ended; `error` says why it failed).
 */
export type TScanStreamPhase = { status: TScanStatus; stage_states?: TStageStates; error?: string | null };

/**
 * `closing`: the last event of a stream the web process ends because it is stopping (a deploy);
 * the stream also sets `retry`, so the browser reconnects, to another web process, a second later.
 */
export type TScanStreamClosing = { reason: "shutdown" };

/**
 * `waiting`: the web process cannot reach its database (or another dependency) and holds the
 * scan's progress until it is back (`for`, since when); `{ for: null }` once it applied it again.
 * Sent when this changes, and after `hello` when a stream opens during an outage.
 */
export type TScanStreamWaiting = { for: "database" | "dependency"; since: string } | { for: null };

/** `findings`: findings were stored or updated (up to 50 of their keys); the page is fetched again. */
export type TScanStreamFindings = { kind: TFindingKind; count: number; keys: string[] };

/** `log`: a line of the scan's log as the worker wrote it, with when. */
export type TScanStreamLog = TEventOf<"log">["data"] & { ts: string };
