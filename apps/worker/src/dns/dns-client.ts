import dgram from "node:dgram";
import { readFileSync } from "node:fs";
import net from "node:net";
import dnsPacket, { type Answer, type DecodedPacket, type Packet, type RecordType } from "dns-packet";
import { createDeadlineSweep } from "./deadline-sweep.ts";

// An async stub resolver on dns-packet: UDP on one connected socket per name server with a
// pending map keyed by query id (thousands of concurrent queries cost one socket; connecting lets
// the kernel skip a route lookup per datagram and drop answers from anyone else), TCP on
// truncation, round-robin over the configured name servers with failover on timeout.

export type DnsRcode = "NOERROR" | "FORMERR" | "SERVFAIL" | "NXDOMAIN" | "NOTIMP" | "REFUSED" | string;

/** One resource record; `data` is its presentation form ("10 mx.example.com" for MX, joined TXT). */
export interface DnsRecord {
  name: string;
  type: string;
  ttl: number;
  data: string;
}

export interface DnsResponse {
  rcode: DnsRcode;
  answers: DnsRecord[];
  authority: DnsRecord[];
  /** The UDP answer was truncated; `answers` come from the TCP retry. */
  truncated: boolean;
  /** The name server that answered ("host:port"). */
  server: string;
}

export interface Nameserver {
  host: string;
  port: number;
}

export class DnsTimeoutError extends Error {
  override name = "DnsTimeoutError";
  readonly code = "ETIMEOUT";
  constructor(
    readonly qname: string,
    readonly qtype: string,
    readonly attempts: number,
  ) {
    super(`DNS ${qtype} ${qname} timed out after ${attempts} attempt(s)`);
  }
}

export interface DnsClientOptions {
  /** "host[:port]" entries (IPv6 as "[::1]:53"); empty: the system's from /etc/resolv.conf. */
  nameservers?: string[];
  /** Per attempt. Default 2000. */
  timeoutMs?: number;
  /** Further attempts after a timeout, each on the next name server. Default 2. */
  retries?: number;
  /** Queries on the wire at once; the rest wait (a burst past socket buffers is lost). Default 256. */
  maxInFlight?: number;
}

export interface QueryOptions {
  timeoutMs?: number;
  retries?: number;
}

export interface DnsClient {
  readonly nameservers: readonly Nameserver[];
  query(name: string, type: RecordType, opts?: QueryOptions): Promise<DnsResponse>;
  close(): Promise<void>;
}

const RCODE_NAMES = ["NOERROR", "FORMERR", "SERVFAIL", "NXDOMAIN", "NOTIMP", "REFUSED"];

export function parseNameserver(text: string): Nameserver {
  const t = text.trim();
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(t);
  if (v6) return { host: v6[1]!, port: Number(v6[2] ?? 53) };
  if (net.isIPv6(t)) return { host: t, port: 53 };
  const m = /^([^:]+)(?::(\d+))?$/.exec(t);
  if (!m || !net.isIP(m[1]!)) throw new Error(`invalid name server "${text}": expected ip[:port]`);
  const port = Number(m[2] ?? 53);
  if (port < 1 || port > 65535) throw new Error(`invalid name server port in "${text}"`);
  return { host: m[1]!, port };
}

/** Name servers from resolv.conf text (pure, for tests); falls back to 127.0.0.1. */
export function parseResolvConf(text: string): Nameserver[] {
  const out = text
    .split("\n")
    .map((l) => /^\s*nameserver\s+(\S+)/.exec(l)?.[1])
    .filter((s): s is string => !!s && net.isIP(s.replace(/%.*$/, "")) !== 0)
    .map((s) => ({ host: s.replace(/%.*$/, ""), port: 53 }));
  return out.length ? out : [{ host: "127.0.0.1", port: 53 }];
}

export function systemNameservers(): Nameserver[] {
  try {
    return parseResolvConf(readFileSync("/etc/resolv.conf", "utf8"));
  } catch {
    return [{ host: "127.0.0.1", port: 53 }];
  }
}

function txtData(data: unknown): string {
  const parts = Array.isArray(data) ? data : [data];
  return parts.map((p) => (Buffer.isBuffer(p) ? p.toString("utf8") : String(p))).join("");
}

/** Presentation form of a record's data (pure). */
export function recordData(a: Answer): string {
  const data = (a as { data?: unknown }).data;
  switch (a.type) {
    case "MX": {
      const mx = data as { preference?: number; exchange: string };
      return `${mx.preference ?? 0} ${mx.exchange}`;
    }
    case "TXT":
      return txtData(data);
    case "CAA": {
      const c = data as { flags?: number; tag: string; value: string };
      return `${c.flags ?? 0} ${c.tag} "${c.value}"`;
    }
    case "SOA": {
      const s = data as { mname: string; rname: string; serial: number; minimum: number };
      return `${s.mname} ${s.rname} ${s.serial} ${s.minimum}`;
    }
    default:
      return Buffer.isBuffer(data) ? data.toString("hex") : String(data);
  }
}

function toRecords(list: Answer[] | undefined): DnsRecord[] {
  return (list ?? [])
    .filter((a) => a.type !== "OPT")
    .map((a) => ({ name: a.name, type: a.type, ttl: (a as { ttl?: number }).ttl ?? 0, data: recordData(a) }));
}

interface Pending {
  name: string;
  id: number;
  channel: Channel;
  /** An answer, or null for none (timeout, client closed). */
  resolve: (p: DecodedPacket | null) => void;
}

const NONE: Answer[] = [];

/** Encodes into Node's shared buffer pool; dns-packet's own `Buffer.alloc` makes an ArrayBuffer per query. */
function encodeQuery(packet: Packet): Buffer {
  return dnsPacket.encode(packet, Buffer.allocUnsafe(dnsPacket.encodingLength(packet)), 0);
}

/** How often unanswered queries are checked against their deadlines. */
const SWEEP_MS = 20;

/** One name server's UDP socket (connected to it) and the queries waiting on it. */
interface Channel {
  socket: dgram.Socket;
  /** False until connected, and for good when connecting failed. */
  connected: boolean;
  ready: Promise<void>;
  pending: Map<number, Pending>;
}

export function createDnsClient(opts: DnsClientOptions = {}): DnsClient {
  const nameservers = opts.nameservers?.length ? opts.nameservers.map(parseNameserver) : systemNameservers();
  const defaultTimeout = opts.timeoutMs ?? 2000;
  const defaultRetries = opts.retries ?? 2;
  const channels = new Map<Nameserver, Channel>();
  const tcpSockets = new Set<net.Socket>();
  let next = 0;
  let closed = false;
  const maxInFlight = Math.max(1, opts.maxInFlight ?? 256);
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const acquire = (): Promise<void> | void => {
    if (inFlight < maxInFlight) return void inFlight++;
    return new Promise((r) => waiting.push(r)); // the slot is handed over by release()
  };
  const release = () => {
    const w = waiting.shift();
    if (w) w();
    else inFlight--;
  };

  // Unanswered past its deadline: a lost datagram (or a server too slow) for the attempt loop.
  const deadlines = createDeadlineSweep<Pending>(SWEEP_MS, (p) => {
    p.channel.pending.delete(p.id);
    p.resolve(null);
  });

  const channelFor = (ns: Nameserver): Channel => {
    const ch = channels.get(ns);
    if (ch) return ch;
    const socket = dgram.createSocket({
      type: net.isIPv6(ns.host) ? "udp6" : "udp4",
      recvBufferSize: 4 << 20,
    });
    const pending = new Map<number, Pending>();
    socket.on("message", (msg) => {
      let packet: DecodedPacket;
      try {
        packet = dnsPacket.decode(msg);
      } catch {
        return; // garbage; the query will time out or get a proper answer
      }
      const p = packet.id === undefined ? undefined : pending.get(packet.id);
      // Id and question must match (the kernel already dropped other senders), or it is not ours.
      if (!p || packet.questions?.[0]?.name?.toLowerCase() !== p.name) return;
      pending.delete(packet.id!);
      deadlines.delete(p);
      p.resolve(packet);
    });
    socket.on("error", () => {}); // per-query timeouts cover lost datagrams and refused ports
    socket.unref();
    const channel: Channel = {
      socket,
      pending,
      connected: false,
      ready: new Promise<void>((resolve) => {
        socket.once("error", () => resolve()); // unreachable: `connected` stays false
        socket.connect(ns.port, ns.host, () => {
          channel.connected = true;
          resolve();
        });
      }),
    };
    channels.set(ns, channel);
    return channel;
  };

  const udpAttempt = (ns: Nameserver, packet: Packet, timeoutMs: number): Promise<DecodedPacket | null> => {
    const ch = channelFor(ns);
    if (!ch.connected) return ch.ready.then(() => (ch.connected ? udpAttempt(ns, packet, timeoutMs) : null));
    let id = Math.floor(Math.random() * 65536);
    while (ch.pending.has(id)) id = Math.floor(Math.random() * 65536);
    const answer = new Promise<DecodedPacket | null>((resolve) => {
      const p: Pending = { name: packet.questions![0]!.name, id, channel: ch, resolve };
      ch.pending.set(id, p);
      deadlines.add(p, performance.now() + timeoutMs);
    });
    try {
      packet.id = id;
      ch.socket.send(encodeQuery(packet));
    } catch {
      // closed under us: the sweep reports it as a lost datagram
    }
    return answer;
  };

  const tcpAttempt = (ns: Nameserver, packet: Packet, timeoutMs: number): Promise<DecodedPacket | null> =>
    new Promise((resolve) => {
      const id = Math.floor(Math.random() * 65536);
      const socket = net.connect(ns.port, ns.host, () =>
        socket.write(dnsPacket.streamEncode({ ...packet, id })),
      );
      tcpSockets.add(socket);
      let buf = Buffer.alloc(0);
      const done = (p: DecodedPacket | null) => {
        clearTimeout(timer);
        tcpSockets.delete(socket);
        socket.destroy();
        resolve(p);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      socket.on("error", () => done(null));
      socket.on("close", () => done(null));
      socket.on("data", (chunk) => {
        buf = Buffer.concat([buf, chunk]);
        if (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
          try {
            const p = dnsPacket.streamDecode(buf) as DecodedPacket;
            done(p.id === id ? p : null);
          } catch {
            done(null);
          }
        }
      });
    });

  const query = async (name: string, type: RecordType, q: QueryOptions = {}): Promise<DnsResponse> => {
    if (closed) throw new Error("DNS client is closed");
    const timeoutMs = q.timeoutMs ?? defaultTimeout;
    const attempts = (q.retries ?? defaultRetries) + 1;
    const qname = name.replace(/\.$/, "").toLowerCase();
    // Every field set up front: one object shape, which dns-packet's encoder would otherwise change.
    const packet: Packet = {
      type: "query",
      id: 0,
      flags: dnsPacket.RECURSION_DESIRED,
      questions: [{ type, name: qname, class: "IN" }],
      answers: NONE,
      authorities: NONE,
      additionals: NONE,
    };
    await acquire();
    try {
      return await attempt(qname, type, packet, timeoutMs, attempts);
    } finally {
      release();
    }
  };

  const attempt = async (
    qname: string,
    type: RecordType,
    packet: Packet,
    timeoutMs: number,
    attempts: number,
  ): Promise<DnsResponse> => {
    const start = next++ % nameservers.length;
    for (let i = 0; i < attempts; i++) {
      const ns = nameservers[(start + i) % nameservers.length]!;
      if (closed) throw new Error("DNS client is closed");
      let answer = await udpAttempt(ns, packet, timeoutMs);
      if (!answer) continue;
      const truncated = ((answer.flags ?? 0) & dnsPacket.TRUNCATED_RESPONSE) !== 0;
      if (truncated) {
        answer = await tcpAttempt(ns, packet, timeoutMs);
        if (!answer) continue;
      }
      return {
        rcode: RCODE_NAMES[(answer.flags ?? 0) & 0xf] ?? `RCODE${(answer.flags ?? 0) & 0xf}`,
        answers: toRecords(answer.answers),
        authority: toRecords(answer.authorities),
        truncated,
        server: `${ns.host}:${ns.port}`,
      };
    }
    if (closed) throw new Error("DNS client is closed");
    throw new DnsTimeoutError(qname, type, attempts);
  };

  return {
    nameservers,
    query,
    async close() {
      closed = true;
      for (const s of tcpSockets) s.destroy();
      deadlines.clear();
      for (const c of channels.values()) for (const p of c.pending.values()) p.resolve(null);
      await Promise.all(
        [...channels.values()].map((c) => new Promise<void>((r) => c.socket.close(() => r()))),
      );
      channels.clear();
    },
  };
}
