import type net from "node:net";
import type { Rng } from "../scenario/prng.ts";
import { oneWayMs, retransmitMs, type Clock, type LatencyProfile } from "./latency.ts";

// One TCP connection across a slow path: every chunk, in each direction, is held for a one-way
// delay before it is written on. Chunks of one direction never overtake each other (a chunk is
// released no earlier than the one before it), so a lost segment's retransmission holds back
// what follows, as TCP's in-order delivery does. One timer per direction, not one per chunk.

/** Held bytes past which the sender is paused (what a real path's window would hold back). */
const HIGH_WATER = 1 << 20;

interface Held {
  at: number;
  chunk: Buffer | null; // null: the sender's FIN (end) or reset
  reset?: boolean;
}

export interface LinkOptions {
  profile: LatencyProfile;
  rng: Rng;
  clock: Clock;
}

class Direction {
  private readonly held: Held[] = [];
  private head = 0;
  private lastAt = 0;
  private bytes = 0;
  private timer: unknown = null;
  private timerAt = Infinity;
  private blocked = false; // the receiver's buffer is full: wait for 'drain'
  private done = false;

  constructor(
    private readonly from: net.Socket,
    private readonly to: net.Socket,
    private readonly sendFloor: number, // the handshake: nothing leaves before the connection is up
    private readonly opts: LinkOptions,
  ) {}

  private delay(): number {
    const { profile, rng } = this.opts;
    const lost = profile.loss > 0 && rng() < profile.loss;
    return oneWayMs(profile, rng) + (lost ? retransmitMs(profile) : 0);
  }

  push(chunk: Buffer | null, reset = false): void {
    if (this.done) return;
    if (chunk === null) this.done = true;
    const at = Math.max(Math.max(this.opts.clock.now(), this.sendFloor) + this.delay(), this.lastAt);
    this.lastAt = at;
    this.held.push({ at, chunk, reset });
    if (chunk) this.bytes += chunk.length;
    if (this.bytes > HIGH_WATER) this.from.pause();
    this.arm();
  }

  private arm(): void {
    if (this.head >= this.held.length || this.blocked) return;
    const next = this.held[this.head]!.at;
    if (this.timer !== null && this.timerAt <= next) return;
    if (this.timer !== null) this.opts.clock.clearTimer(this.timer);
    this.timerAt = next;
    this.timer = this.opts.clock.setTimer(() => this.release(), Math.max(0, next - this.opts.clock.now()));
  }

  private release(): void {
    this.timer = null;
    this.timerAt = Infinity;
    const now = this.opts.clock.now();
    while (this.head < this.held.length && this.held[this.head]!.at <= now && !this.blocked) {
      const item = this.held[this.head++]!;
      if (this.to.destroyed) continue;
      if (!item.chunk) {
        if (item.reset) this.to.resetAndDestroy();
        else this.to.end();
        continue;
      }
      this.bytes -= item.chunk.length;
      if (!this.to.write(item.chunk)) {
        this.blocked = true;
        this.to.once("drain", () => {
          this.blocked = false;
          this.release();
        });
      }
    }
    if (this.head > 1024 && this.head * 2 > this.held.length) {
      this.held.splice(0, this.head);
      this.head = 0;
    }
    if (!this.blocked && this.bytes <= HIGH_WATER && this.from.isPaused() && !this.from.destroyed)
      this.from.resume();
    this.arm();
  }

  stop(): void {
    if (this.timer !== null) this.opts.clock.clearTimer(this.timer);
    this.timer = null;
    this.held.length = 0;
    this.head = 0;
  }
}

/**
 * Carries an accepted connection (`client`) to `server` (connecting or connected) across the
 * path. Both sockets must allow half-open connections so a FIN travels on its own. The
 * connection only carries data once the handshake's round trip (SYN, SYN-ACK) has passed.
 */
export function linkWithLatency(client: net.Socket, server: net.Socket, opts: LinkOptions): void {
  const { profile, rng, clock } = opts;
  const up = oneWayMs(profile, rng) + oneWayMs(profile, rng);
  const floor = clock.now() + up;
  const toServer = new Direction(client, server, floor, opts);
  const toClient = new Direction(server, client, floor, opts);
  const wire = (from: net.Socket, dir: Direction, other: Direction) => {
    let ended = false;
    from.on("data", (c: Buffer) => dir.push(c));
    from.on("end", () => {
      ended = true;
      dir.push(null);
    });
    // A reset (or a refused connect) reaches the other side after what was sent before it.
    from.on("error", () => dir.push(null, true));
    from.on("close", () => {
      if (!ended) dir.push(null);
      other.stop(); // nothing more can be written to this socket
    });
  };
  wire(client, toServer, toClient);
  wire(server, toClient, toServer);
}
