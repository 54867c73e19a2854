import dgram from "node:dgram";
import { readFileSync } from "node:fs";
import net from "node:net";
import dnsPacket, { type Answer, type DecodedPacket, type Packet, type RecordType } from "dns-packet";
import { createDeadlineSweep } from "../../lib/deadline-sweep.ts";
import {
  DnsTimeoutError,
  type DnsClient,
  type DnsRcode,
  type DnsRecord,
  type DnsResponse,
  type Nameserver,
  type QueryOptions,
} from "./dns.port.ts";

// An async stub resolver on dns-packet: UDP on one connected socket per name server with a
// pending map keyed by query id (thousands of concurrent queries cost one socket; connecting lets
// the kernel skip a route lookup per datagram and drop answers from anyone else), TCP on
// truncation, round-robin over the configured name servers with failover on timeout.

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

function systemNameservers(): Nameserver[] {
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
function recordData(a: Answer): string {
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
  id: number;
  /** The query as sent: its question section is compared with the answer's. */
  query: Buffer;
  channel: Channel;
  /** An answer, or null for none (timeout, client closed). */
  resolve: (res: HeaderResponse | null) => void;
}

const NONE: Answer[] = [];
const NO_RECORDS: readonly DnsRecord[] = Object.freeze([]);

/** Type codes the hand-written encoder knows; any other type goes through dns-packet. */
const TYPE_CODES: Partial<Record<RecordType, number>> = {
  A: 1, NS: 2, CNAME: 5, SOA: 6, PTR: 12, MX: 15, TXT: 16, AAAA: 28, SRV: 33, CAA: 257,
}; // prettier-ignore

/**
 * A query in wire form (RFC 1035 4.1: header with RD set and id 0, one IN question). An ASCII
 * name with labels of 1 to 63 octets is written directly (every lookalike is punycode by then);
 * anything else goes through dns-packet. Encoded once per query; each attempt writes its own id.
 */
function encodeQuery(qname: string, type: RecordType): Buffer {
  const code = TYPE_CODES[type];
  const n = qname.length;
  if (code !== undefined && n > 0 && n <= 253) {
    const buf = Buffer.allocUnsafe(n + 18);
    buf.writeUInt32BE(dnsPacket.RECURSION_DESIRED, 0); // id 0, flags
    buf.writeUInt32BE(0x00010000, 4); // QDCOUNT 1, ANCOUNT 0
    buf.writeUInt32BE(0, 8); // NSCOUNT 0, ARCOUNT 0
    let lengthAt = 12;
    let ok = true;
    for (let i = 0; i < n; i++) {
      const c = qname.charCodeAt(i);
      if (c === 46 /* . */) {
        const length = 12 + i - lengthAt;
        if (length === 0 || length > 63) ok = false;
        buf[lengthAt] = length;
        lengthAt = 13 + i;
      } else if (c > 127) ok = false;
      else buf[13 + i] = c;
    }
    const last = 12 + n - lengthAt;
    if (ok && last > 0 && last <= 63) {
      buf[lengthAt] = last;
      buf[13 + n] = 0;
      buf.writeUInt16BE(code, 14 + n);
      buf.writeUInt16BE(1, 16 + n); // IN
      return buf;
    }
  }
  const packet: Packet = {
    type: "query",
    id: 0,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type, name: qname, class: "IN" }],
    answers: NONE,
    authorities: NONE,
    additionals: NONE,
  };
  // Into Node's shared buffer pool; dns-packet's own `Buffer.alloc` makes an ArrayBuffer per query.
  return dnsPacket.encode(packet, Buffer.allocUnsafe(dnsPacket.encodingLength(packet)), 0);
}

/**
 * Whether `msg` answers `query`: one question, the same as the query's octet for octet but for
 * the case of letters (names are compared case-insensitively; a question is never compressed).
 */
function answersQuestion(msg: Buffer, query: Buffer): boolean {
  const end = query.length;
  if (msg.length < end || msg[4] !== 0 || msg[5] !== 1) return false;
  for (let i = 12; i < end; i++) {
    const a = msg[i]!;
    const b = query[i]!;
    if (a !== b && lowerOctet(a) !== lowerOctet(b)) return false;
  }
  return true;
}

const lowerOctet = (c: number) => (c >= 0x41 && c <= 0x5a ? c | 0x20 : c);

/**
 * An answer read from its header: rcode and flags at once, the records decoded only when there
 * are some. Most lookalike answers are NXDOMAIN, whose records (the SOA in authority) nobody reads.
 */
class HeaderResponse implements DnsResponse {
  readonly rcode: DnsRcode;
  readonly answers: DnsRecord[];
  #authority: DnsRecord[] | undefined;
  readonly #msg: Buffer;

  constructor(
    msg: Buffer,
    decoded: DecodedPacket | null,
    readonly truncated: boolean,
    readonly server: string,
  ) {
    const rcode = msg[3]! & 0xf;
    this.rcode = RCODE_NAMES[rcode] ?? `RCODE${rcode}`;
    this.#msg = msg;
    this.answers = decoded ? toRecords(decoded.answers) : (NO_RECORDS as DnsRecord[]);
    if (decoded) this.#authority = toRecords(decoded.authorities);
    else if (msg.readUInt16BE(8) === 0) this.#authority = NO_RECORDS as DnsRecord[];
  }

  get authority(): DnsRecord[] {
    if (!this.#authority) {
      try {
        this.#authority = toRecords(dnsPacket.decode(this.#msg).authorities);
      } catch {
        this.#authority = []; // the header and question were sound; the rest is not readable
      }
    }
    return this.#authority;
  }
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
    const server = `${ns.host}:${ns.port}`;
    socket.on("message", (msg: Buffer) => {
      // A response (QR set) with a pending id and the same question (the kernel already dropped
      // other senders), or it is not ours.
      if (msg.length < 12 || (msg[2]! & 0x80) === 0) return;
      const id = msg.readUInt16BE(0);
      const p = pending.get(id);
      if (!p || !answersQuestion(msg, p.query)) return;
      const truncated = (msg[2]! & 0x02) !== 0;
      let decoded: DecodedPacket | null = null;
      if (!truncated && (msg[6] !== 0 || msg[7] !== 0)) {
        try {
          decoded = dnsPacket.decode(msg);
        } catch {
          return; // garbage; the query will time out or get a proper answer
        }
      }
      pending.delete(id);
      deadlines.delete(p);
      p.resolve(new HeaderResponse(msg, decoded, truncated, server));
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

  const udpAttempt = (ns: Nameserver, query: Buffer, timeoutMs: number): Promise<HeaderResponse | null> => {
    const ch = channelFor(ns);
    if (!ch.connected) return ch.ready.then(() => (ch.connected ? udpAttempt(ns, query, timeoutMs) : null));
    let id = Math.floor(Math.random() * 65536);
    while (ch.pending.has(id)) id = Math.floor(Math.random() * 65536);
    const answer = new Promise<HeaderResponse | null>((resolve) => {
      const p: Pending = { id, query, channel: ch, resolve };
      ch.pending.set(id, p);
      deadlines.add(p, performance.now() + timeoutMs);
    });
    try {
      query.writeUInt16BE(id, 0);
      ch.socket.send(query);
    } catch {
      // closed under us: the sweep reports it as a lost datagram
    }
    return answer;
  };

  const tcpAttempt = (ns: Nameserver, query: Buffer, timeoutMs: number): Promise<HeaderResponse | null> =>
    new Promise((resolve) => {
      const id = Math.floor(Math.random() * 65536);
      const framed = Buffer.allocUnsafe(query.length + 2);
      framed.writeUInt16BE(query.length, 0);
      query.copy(framed, 2);
      framed.writeUInt16BE(id, 2);
      const socket = net.connect(ns.port, ns.host, () => socket.write(framed));
      tcpSockets.add(socket);
      let buf = Buffer.alloc(0);
      const done = (p: HeaderResponse | null) => {
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
          const msg = buf.subarray(2, 2 + buf.readUInt16BE(0));
          try {
            const p = dnsPacket.decode(msg);
            const ours = msg.length >= 12 && p.id === id && answersQuestion(msg, query);
            done(ours ? new HeaderResponse(msg, p, true, `${ns.host}:${ns.port}`) : null);
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
    const qname = (name.endsWith(".") ? name.slice(0, -1) : name).toLowerCase();
    const wire = encodeQuery(qname, type);
    if (inFlight < maxInFlight) inFlight++;
    else await new Promise<void>((r) => waiting.push(r)); // the slot is handed over by release()
    try {
      return await attempt(qname, type, wire, timeoutMs, attempts);
    } finally {
      release();
    }
  };

  const attempt = async (
    qname: string,
    type: RecordType,
    wire: Buffer,
    timeoutMs: number,
    attempts: number,
  ): Promise<DnsResponse> => {
    const start = next++ % nameservers.length;
    for (let i = 0; i < attempts; i++) {
      const ns = nameservers[(start + i) % nameservers.length]!;
      if (closed) throw new Error("DNS client is closed");
      let answer = await udpAttempt(ns, wire, timeoutMs);
      if (answer?.truncated) answer = await tcpAttempt(ns, wire, timeoutMs);
      if (answer) return answer;
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
