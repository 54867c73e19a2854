import type { Logger } from "../logger/logger.ts";
import type {
  ConsumeOptions,
  PartitionedConsumeOptions,
  StreamConsumer,
  StreamHandler,
  StreamLoss,
} from "./bus.ts";
import type { LeaseStore } from "./leases.ts";

interface Slot {
  consumer: StreamConsumer;
  /** This process may handle entries of the partition until then (a margin inside its lease). */
  validUntil: number;
}

/** The share of a lease's time a holder trusts it (clock drift and a slow renewal round). */
const TRUST = 0.8;

/**
 * Spreads partition streams over the live members of a group, one reader per partition at a time:
 * each member renews a lease per partition it reads every third of `leaseMs`, and partition i
 * belongs to member i mod n of the sorted live members. A member that joins gets its share once
 * the others let it go at their next round; a member that dies loses its leases after `leaseMs`
 * and the survivors take them over, starting with the entries it left unacknowledged. A process
 * restarted under the same consumer name takes its own leases back at once.
 */
export async function runPartitionedConsumer(deps: {
  streams: string[];
  opts: PartitionedConsumeOptions;
  handler: StreamHandler;
  leases: LeaseStore;
  consume: (stream: string, opts: ConsumeOptions, handler: StreamHandler) => Promise<StreamConsumer>;
  logger: Logger;
}): Promise<StreamConsumer> {
  const { streams, opts, leases, logger } = deps;
  if (streams.length === 0) throw new Error("consumePartitions needs at least one stream");
  const me = opts.consumer;
  const leaseMs = opts.leaseMs ?? 15_000;
  const roundEveryMs = Math.max(20, Math.floor(leaseMs / 3));
  const membersKey = `${streams[0]}:members:${opts.group}`;
  const leaseKey = (stream: string) => `${stream}:lease:${opts.group}`;
  const owned = new Map<string, Slot>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<unknown> = Promise.resolve();

  const onLoss = (loss: StreamLoss) => opts.onLoss?.(loss);

  async function drop(stream: string, why: "rebalanced" | "lease lost"): Promise<void> {
    const slot = owned.get(stream);
    if (!slot) return;
    owned.delete(stream);
    await slot.consumer.stop();
    if (why === "rebalanced") await leases.release(leaseKey(stream), me);
    else logger.warn({ stream, consumer: me }, "partition lease lost; another consumer takes over");
  }

  async function take(stream: string): Promise<void> {
    const at = Date.now();
    if (!(await leases.hold(leaseKey(stream), me, leaseMs))) return;
    const slot: Slot = { validUntil: at + leaseMs * TRUST, consumer: undefined as never };
    // Exclusive reader: whatever another consumer left pending here is this one's to finish, at once.
    slot.consumer = await deps.consume(
      stream,
      { ...opts, claimIdleMs: 0, isOwner: () => !stopped && Date.now() < slot.validUntil, onLoss },
      deps.handler,
    );
    owned.set(stream, slot);
  }

  /** One round: renew, give back, take; true when every partition this member should read is read. */
  async function round(): Promise<boolean> {
    const members = await leases.members(membersKey, me, leaseMs);
    if (!members.includes(me)) {
      members.push(me);
      members.sort();
    }
    const desired = new Set(streams.filter((_, i) => members[i % members.length] === me));
    for (const [stream, slot] of [...owned]) {
      if (!desired.has(stream)) {
        await drop(stream, "rebalanced");
        continue;
      }
      const at = Date.now();
      // A lease that ran out locally may have been taken meanwhile: start over on the partition.
      if (at >= slot.validUntil || !(await leases.hold(leaseKey(stream), me, leaseMs))) {
        await drop(stream, "lease lost");
        continue;
      }
      slot.validUntil = at + leaseMs * TRUST;
    }
    for (const stream of desired) if (!owned.has(stream) && !stopped) await take(stream);
    return [...desired].every((s) => owned.has(s));
  }

  /** Rounds never overlap; a failing one (Redis away) is logged and the next one tries again. */
  const serialRound = (): Promise<boolean> => {
    const next = chain.then(() => (stopped ? true : round()));
    chain = next.catch((err: unknown) => logger.warn({ err, consumer: me }, "partition round failed"));
    return next;
  };
  const schedule = () => {
    timer = setTimeout(() => {
      void serialRound()
        .catch(() => false)
        .finally(() => !stopped && schedule());
    }, roundEveryMs);
    timer.unref();
  };

  /** Start-up: this member's partitions taken (waiting at most two leases for dead holders) and caught up. */
  const caughtUp = (async () => {
    const deadline = Date.now() + 2 * leaseMs;
    schedule();
    for (;;) {
      const complete = await serialRound().catch(() => false);
      if (complete || stopped || Date.now() >= deadline) break;
      await new Promise((r) => setTimeout(r, roundEveryMs));
    }
    await Promise.all([...owned.values()].map((s) => s.consumer.caughtUp));
  })();

  return {
    caughtUp,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      await chain;
      await Promise.all([...owned.keys()].map((s) => drop(s, "rebalanced").catch(() => undefined)));
      await leases.leave(membersKey, me).catch(() => undefined);
    },
  };
}
