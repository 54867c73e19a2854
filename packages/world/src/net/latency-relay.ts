import dgram from "node:dgram";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { createRng, type Rng } from "../scenario/prng.ts";
import { checkProfile, oneWayMs, systemClock, type Clock, type LatencyProfile } from "./latency.ts";
import { linkWithLatency } from "./latency-link.ts";

// A relay that puts an internet path between a client and a server on loopback: it listens
// where the client is told the server is and forwards to where the server really listens, TCP
// and/or UDP, holding every chunk or datagram for the path's one-way delay. Upstream it binds
// the client's own loopback address, so the server still sees who asked (per-client limits).

interface HostPort {
  host: string;
  port: number;
}

export interface LatencyRelayOptions {
  listen: HostPort; // port 0: a free port (the same one for TCP and UDP with "both")
  target: HostPort;
  protocol: "tcp" | "udp" | "both";
  profile: LatencyProfile;
  seed?: string | number; // default "latency-relay": the same seed, the same delays and losses
  rng?: Rng;
  clock?: Clock;
  /** UDP mappings (upstream sockets) kept at once; default 4,096. */
  udpMaxMappings?: number;
}

export interface LatencyRelay {
  host: string;
  port: number;
  close(): Promise<void>;
}

/** An upstream socket may bind the client's address only where that address is this machine's. */
export function upstreamBind(address: string | undefined): string | undefined {
  const a = (address ?? "").replace(/^::ffff:/, "");
  // 127.0.0.1 is the source loopback connections get anyway. Binding it would pick the port at
  // bind time, for every destination at once: tens of thousands of connections a scan leave
  // their ports in TIME_WAIT and bind fails (EADDRINUSE), which the client saw as a reset.
  return a !== "127.0.0.1" && /^127\.\d+\.\d+\.\d+$/.test(a) ? a : undefined;
}

// UDP: one upstream socket per client address, only so the answers find their way back. A path
// keeps no per-flow state, and a resolver asks each query from a fresh port (RFC 5452), so these
// live as long as an answer could still come (a stub gives up within seconds), and no more than
// UDP_MAX_MAPPINGS at once, the least recently used going first. Kept for two minutes as a NAT
// would (RFC 4787), a 10,000-lookalike scan's queries held 20,000 descriptors, the world's whole
// allowance: it then closed every connection it accepted and reset every one it relayed.
const UDP_IDLE_MS = 10_000;
const UDP_MAX_MAPPINGS = 4096;

function listenTcp(server: net.Server, at: HostPort): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(at.port, at.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function bindUdp(socket: dgram.Socket, at: { host?: string; port: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(at.port, at.host, () => {
      socket.off("error", reject);
      resolve();
    });
  });
}

export async function startLatencyRelay(opts: LatencyRelayOptions): Promise<LatencyRelay> {
  const profile = checkProfile(opts.profile, `relay ${opts.listen.host}:${opts.listen.port}`);
  const rng = opts.rng ?? createRng(opts.seed ?? "latency-relay");
  const clock = opts.clock ?? systemClock;
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    await Promise.allSettled(closers.splice(0).map((c) => c()));
  };
  const tcp = opts.protocol !== "udp";
  const udp = opts.protocol !== "tcp";
  // Port 0 with both: take the kernel's UDP port, then the same TCP port (retry if it is taken).
  for (let attempt = 0; ; attempt++) {
    let port = opts.listen.port;
    try {
      if (udp) {
        const mappings = opts.udpMaxMappings ?? UDP_MAX_MAPPINGS;
        port = await startUdp({ ...opts.listen, port }, opts.target, profile, rng, clock, closers, mappings);
      }
      if (tcp) port = await startTcp({ ...opts.listen, port }, opts.target, profile, rng, clock, closers);
      return { host: opts.listen.host, port, close };
    } catch (err) {
      await close();
      if (!(udp && tcp && opts.listen.port === 0 && attempt < 10)) {
        throw new Error(`relay cannot listen on ${opts.listen.host}:${port}: ${(err as Error).message}`);
      }
    }
  }
}

async function startTcp(
  at: HostPort,
  target: HostPort,
  profile: LatencyProfile,
  rng: Rng,
  clock: Clock,
  closers: (() => Promise<void>)[],
): Promise<number> {
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  };
  const server = net.createServer({ allowHalfOpen: true, noDelay: true }, (client) => {
    const upstream = net.connect({
      host: target.host,
      port: target.port,
      allowHalfOpen: true,
      noDelay: true,
      localAddress: upstreamBind(client.remoteAddress),
    });
    track(client);
    track(upstream);
    linkWithLatency(client, upstream, { profile, rng, clock });
  });
  await listenTcp(server, at);
  closers.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  });
  return (server.address() as AddressInfo).port;
}

async function startUdp(
  at: HostPort,
  target: HostPort,
  profile: LatencyProfile,
  rng: Rng,
  clock: Clock,
  closers: (() => Promise<void>)[],
  maxMappings: number,
): Promise<number> {
  const front = dgram.createSocket({ type: "udp4", recvBufferSize: 4 << 20 });
  front.on("error", () => {});
  await bindUdp(front, { host: at.host, port: at.port });
  // Datagrams due in the same millisecond share one timer.
  const due = new Map<number, (() => void)[]>();
  const timers = new Set<unknown>();
  const later = (send: () => void) => {
    if (profile.loss > 0 && rng() < profile.loss) return; // lost on the way
    const at = Math.ceil(clock.now() + oneWayMs(profile, rng));
    const bucket = due.get(at);
    if (bucket) return void bucket.push(send);
    due.set(at, [send]);
    const t = clock.setTimer(() => {
      timers.delete(t);
      const sends = due.get(at) ?? [];
      due.delete(at);
      for (const s of sends) s();
    }, at - clock.now());
    timers.add(t);
  };
  // In least-recently-used order: a mapping used again moves to the end.
  const clients = new Map<string, { socket: dgram.Socket; lastUsed: number }>();
  const drop = (key: string, c: { socket: dgram.Socket }) => {
    c.socket.close();
    clients.delete(key);
  };
  const upstreamFor = (rinfo: dgram.RemoteInfo) => {
    const key = `${rinfo.address}:${rinfo.port}`;
    let c = clients.get(key);
    if (c) clients.delete(key);
    else {
      const socket = dgram.createSocket("udp4");
      socket.on("error", () => {});
      socket.on("message", (msg) => later(() => front.send(msg, rinfo.port, rinfo.address, () => {})));
      socket.bind({ address: upstreamBind(rinfo.address), port: 0 });
      c = { socket, lastUsed: 0 };
      for (const [oldest, o] of clients) {
        if (clients.size < maxMappings) break;
        drop(oldest, o);
      }
    }
    c.lastUsed = clock.now();
    clients.set(key, c);
    return c.socket;
  };
  front.on("message", (msg, rinfo) => {
    const up = upstreamFor(rinfo);
    later(() => {
      try {
        up.send(msg, target.port, target.host, () => {});
      } catch {
        // Its mapping was evicted meanwhile: the datagram is lost, as on a path that dropped it.
      }
    });
  });
  const sweep = () => {
    const now = clock.now();
    for (const [key, c] of clients) {
      if (now - c.lastUsed <= UDP_IDLE_MS) break; // the rest were used later
      drop(key, c);
    }
    sweeper = clock.setTimer(sweep, UDP_IDLE_MS / 4);
  };
  let sweeper = clock.setTimer(sweep, UDP_IDLE_MS / 4);
  closers.push(async () => {
    clock.clearTimer(sweeper);
    for (const t of timers) clock.clearTimer(t);
    for (const c of clients.values()) c.socket.close();
    clients.clear();
    await new Promise<void>((r) => front.close(() => r()));
  });
  return (front.address() as AddressInfo).port;
}
