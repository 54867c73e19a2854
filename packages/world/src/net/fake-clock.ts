import type { Clock } from "./latency.ts";

// A clock a test moves by hand: timers fire only when it is advanced past them, so a test can
// show that nothing is delivered before its delay without waiting in real time.

export class FakeClock implements Clock {
  private t = 0;
  private nextId = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();
  private readonly armed: (() => void)[] = [];

  now(): number {
    return this.t;
  }

  setTimer(fn: () => void, ms: number): unknown {
    const id = ++this.nextId;
    this.timers.set(id, { at: this.t + ms, fn });
    this.armed.splice(0).forEach((w) => w());
    return id;
  }

  clearTimer(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Resolves when the next timer is set (something was queued). */
  nextTimer(): Promise<void> {
    return new Promise((resolve) => this.armed.push(resolve));
  }

  /** Moves time on, firing every timer due on the way, in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let first: [number, { at: number; fn: () => void }] | undefined;
      for (const e of this.timers) if (e[1].at <= end && (!first || e[1].at < first[1].at)) first = e;
      if (!first) break;
      this.timers.delete(first[0]);
      this.t = Math.max(this.t, first[1].at);
      first[1].fn();
    }
    this.t = end;
  }
}
