import { deadLetterStream, type Bus } from "@brandwarden/platform/bus/bus";
import type { Logger } from "@brandwarden/platform/logger/logger";
import { eventStreams } from "@brandwarden/platform/messaging/event-streams";

/** One event that failed every delivery, as the consumer left it in `<partition>:dead`. */
export interface DeadLetter {
  /** The dead-letter stream and the letter's id in it. */
  stream: string;
  id: string;
  /** The event (the worker's envelope), as it was appended. */
  message: unknown;
  kind: string;
  scan_id: string | null;
  error: string;
  attempts: number;
  at: string | null;
}

/** Letters kept per partition (the stream's own bound is about this). */
const MAX_PER_PARTITION = 10_000;

function letterOf(stream: string, id: string, raw: unknown): DeadLetter {
  const letter = (raw ?? {}) as { text?: unknown; error?: unknown; attempts?: unknown; at?: unknown };
  let message: unknown = null;
  try {
    message = JSON.parse(String(letter.text));
  } catch {
    // Not JSON: replaying it drops it, as the consumer would.
  }
  const m = (message ?? {}) as { kind?: unknown; scan_id?: unknown };
  return {
    stream,
    id,
    message,
    kind: typeof m.kind === "string" ? m.kind : "?",
    scan_id: typeof m.scan_id === "string" ? m.scan_id : null,
    error: String(letter.error ?? ""),
    attempts: Number(letter.attempts ?? 0),
    at: typeof letter.at === "string" ? letter.at : null,
  };
}

/** Every dead-lettered event of the worker→web streams, oldest first per partition. */
export async function listDeadLetters(bus: Bus, prefix: string): Promise<DeadLetter[]> {
  const letters: DeadLetter[] = [];
  for (const partition of eventStreams(prefix)) {
    const stream = deadLetterStream(partition);
    for (const { id, message } of await bus.range(stream, MAX_PER_PARTITION))
      letters.push(letterOf(stream, id, message));
  }
  return letters;
}

/**
 * `brandwarden events replay`: applies each dead-lettered event through the event handlers
 * (idempotent, keyed by `seq`, so an event applied meanwhile changes nothing) and removes the
 * letter once applied; one that fails again stays, with the error logged.
 */
export async function replayDeadLetters(deps: {
  bus: Bus;
  prefix: string;
  apply: (message: unknown) => Promise<void>;
  logger: Logger;
}): Promise<{ replayed: number; failed: number }> {
  let replayed = 0;
  let failed = 0;
  for (const letter of await listDeadLetters(deps.bus, deps.prefix)) {
    try {
      await deps.apply(letter.message);
    } catch (err) {
      failed++;
      deps.logger.error(
        { err, id: letter.id, kind: letter.kind, scan_id: letter.scan_id },
        "replay failed; letter kept",
      );
      continue;
    }
    await deps.bus.remove(letter.stream, [letter.id]);
    replayed++;
  }
  return { replayed, failed };
}
