/**
 * Calls `onDue(item)` once an item's deadline (performance.now() milliseconds) has passed, checked
 * every `tickMs` by one interval that runs only while items wait. With thousands of queries in
 * flight, a timer each costs more than the queries; deadlines are then late by up to `tickMs`.
 * While items wait, the interval keeps the process up, as their own timers would have.
 *
 * The check runs after the event loop's pending I/O (setImmediate): when the loop was held up (a
 * burst of CPU work beside a scan's lookups), answers that arrived meanwhile wait in the socket
 * behind the timers, and a check straight from the timer would call all of them timed out.
 */
export interface DeadlineSweep<T> {
  add(item: T, deadline: number): void;
  /** Forgets an item that finished in time. */
  delete(item: T): void;
  /** Forgets every item and stops the interval (their `onDue` is not called). */
  clear(): void;
}

export function createDeadlineSweep<T>(tickMs: number, onDue: (item: T) => void): DeadlineSweep<T> {
  const waiting = new Map<T, number>();
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const sweep = () => {
    const now = performance.now();
    for (const [item, deadline] of waiting) {
      if (deadline > now) continue;
      waiting.delete(item);
      onDue(item);
    }
    if (!waiting.size) stop();
  };
  return {
    add(item, deadline) {
      waiting.set(item, deadline);
      timer ??= setInterval(() => setImmediate(sweep), tickMs);
    },
    delete: (item) => void waiting.delete(item),
    clear() {
      waiting.clear();
      stop();
    },
  };
}
