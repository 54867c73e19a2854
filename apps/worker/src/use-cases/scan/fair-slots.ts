/**
 * The worker's scan slots, shared fairly between users (round robin): when a slot frees, it goes
 * to the waiting scan whose user has the fewest scans running here, then to the user served least
 * recently (one never served first), then to the scan waiting longest. A user who queues many
 * scans (a script, an admin acting for one account, rescans piling up) therefore never delays
 * another user's first scan by more than the scans already running.
 */
export interface FairSlots {
  /** Resolves when `owner` may run one more scan; call `release(owner)` when it ends. */
  acquire(owner: string): Promise<void>;
  release(owner: string): void;
  /** Scans running per owner and waiting in all (for logs and tests). */
  stats(): { running: Record<string, number>; waiting: number };
}

export function createFairSlots(concurrency: number): FairSlots {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError("concurrency must be >= 1");
  const running = new Map<string, number>();
  /** When each owner last got a slot, as a grant counter (no clock: the order is all that counts). */
  const lastServed = new Map<string, number>();
  const waiting: Array<{ owner: string; seq: number; grant: () => void }> = [];
  let active = 0;
  let seq = 0;
  let grants = 0;

  const start = (owner: string) => {
    active++;
    running.set(owner, (running.get(owner) ?? 0) + 1);
    lastServed.set(owner, ++grants);
  };

  /** Orders two waiting scans: fewer running for the owner, then owner served longer ago, then older. */
  const before = (w: (typeof waiting)[number], b: (typeof waiting)[number]) =>
    (running.get(w.owner) ?? 0) - (running.get(b.owner) ?? 0) ||
    (lastServed.get(w.owner) ?? 0) - (lastServed.get(b.owner) ?? 0) ||
    w.seq - b.seq;

  const next = (): number => {
    let best = -1;
    for (let i = 0; i < waiting.length; i++)
      if (best < 0 || before(waiting[i]!, waiting[best]!) < 0) best = i;
    return best;
  };

  return {
    acquire(owner) {
      return new Promise<void>((resolve) => {
        if (active < concurrency) {
          start(owner);
          resolve();
        } else waiting.push({ owner, seq: seq++, grant: resolve });
      });
    },
    release(owner) {
      active--;
      const left = (running.get(owner) ?? 1) - 1;
      if (left > 0) running.set(owner, left);
      else {
        running.delete(owner);
        // Nothing running or waiting: forget the owner (a later scan of theirs counts as new).
        if (!waiting.some((w) => w.owner === owner)) lastServed.delete(owner);
      }
      const i = next();
      if (i < 0) return;
      const [w] = waiting.splice(i, 1);
      start(w!.owner);
      w!.grant();
    },
    stats: () => ({ running: Object.fromEntries(running), waiting: waiting.length }),
  };
}
