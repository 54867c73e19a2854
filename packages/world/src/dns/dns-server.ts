import dgram from "node:dgram";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import dnsPacket, { type Answer, type DecodedPacket, type Packet } from "dns-packet";
import type { LookupResult, ZoneIndex } from "./zone-index.ts";

// The world's authoritative name server, UDP and TCP on one address. Answers carry AA; negative
// answers carry the zone's SOA; UDP answers larger than the client can take are truncated (TC)
// so the client retries over TCP, as with any real server.

export interface DnsServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * What the server did, in order, for tests that check what a client asked before what: a query
 * received, and its answer sent (a slow zone's answer comes later; one never sent is never told).
 */
export interface DnsServerEvent {
  kind: "query" | "answer";
  name: string;
  type: string;
  transport: "udp" | "tcp";
}
export type DnsServerEvents = (event: DnsServerEvent) => void;

const questionOf = (query: DecodedPacket) => {
  const q = query.questions?.[0];
  return { name: q?.name ?? "", type: String(q?.type ?? "") };
};

const RCODES = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4 } as const;
const PLAIN_UDP_LIMIT = 512;

interface OptRecord {
  type: "OPT";
  udpPayloadSize?: number;
}

const NO_RECORDS: Answer[] = [];

/** The response to a query, and how long to hold it back (a zone's "slow" fault). */
function answer(
  index: ZoneIndex,
  query: DecodedPacket,
): { packet: Packet; udpLimit: number; delayMs: number } {
  const opt = query.additionals?.find((a) => a.type === "OPT") as OptRecord | undefined;
  const udpLimit = opt ? Math.max(PLAIN_UDP_LIMIT, opt.udpPayloadSize ?? PLAIN_UDP_LIMIT) : PLAIN_UDP_LIMIT;
  const rd = (query.flags ?? 0) & dnsPacket.RECURSION_DESIRED;
  const q = query.questions?.[0];
  const opcode = ((query.flags ?? 0) >> 11) & 0xf;
  let flags: number;
  let result: LookupResult | undefined;
  if (!q || query.questions!.length !== 1) flags = rd | RCODES.FORMERR;
  else if (opcode !== 0) flags = rd | RCODES.NOTIMP;
  else {
    result = index.lookup(q.name, q.type);
    flags = dnsPacket.AUTHORITATIVE_ANSWER | rd | RCODES[result.rcode];
  }
  // One object shape for every response keeps dns-packet's encoder on its fast path.
  const packet: Packet = {
    type: "response",
    id: query.id,
    flags,
    questions: query.questions,
    answers: result?.answers ?? NO_RECORDS,
    authorities: result?.authorities ?? NO_RECORDS,
    additionals: opt
      ? [{ type: "OPT", name: ".", udpPayloadSize: 1232, flags: 0 } as unknown as Answer]
      : NO_RECORDS,
  };
  return { packet, udpLimit, delayMs: result?.delayMs ?? 0 };
}

function encodeUdp(packet: Packet, limit: number): Buffer {
  const full = dnsPacket.encode(packet);
  if (full.length <= limit) return full;
  return dnsPacket.encode({
    ...packet,
    flags: (packet.flags ?? 0) | dnsPacket.TRUNCATED_RESPONSE,
    answers: [],
    authorities: [],
  });
}

function listenUdp(socket: dgram.Socket, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(port, host, () => {
      socket.off("error", reject);
      resolve(socket.address().port);
    });
  });
}

function listenTcp(server: net.Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function serveTcp(index: ZoneIndex, socket: net.Socket, onEvent?: DnsServerEvents): void {
  let buf = Buffer.alloc(0);
  socket.setTimeout(30_000, () => socket.destroy());
  socket.on("error", () => socket.destroy());
  socket.on("data", (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    // Messages are length-prefixed and may be pipelined.
    while (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
      const len = buf.readUInt16BE(0);
      const msg = buf.subarray(2, 2 + len);
      buf = buf.subarray(2 + len);
      let query: DecodedPacket;
      try {
        query = dnsPacket.decode(msg);
      } catch {
        socket.destroy();
        return;
      }
      const { packet, delayMs } = answer(index, query);
      onEvent?.({ kind: "query", ...questionOf(query), transport: "tcp" });
      void sleep(delayMs).then(() => {
        if (socket.destroyed) return;
        socket.write(dnsPacket.streamEncode(packet));
        onEvent?.({ kind: "answer", ...questionOf(query), transport: "tcp" });
      });
    }
  });
}

export async function startDnsServer(
  index: ZoneIndex,
  opts: { host: string; port: number; onEvent?: DnsServerEvents },
): Promise<DnsServer> {
  // Port 0: take the kernel's UDP port, then the same TCP port (retry if it is taken).
  for (let attempt = 0; ; attempt++) {
    // A large receive buffer, as real servers have: bursts from bulk resolvers are not dropped.
    const udp = dgram.createSocket({ type: "udp4", reuseAddr: false, recvBufferSize: 4 << 20 });
    const tcp = net.createServer((s) => serveTcp(index, s, opts.onEvent));
    const port = await listenUdp(udp, opts.host, opts.port);
    try {
      await listenTcp(tcp, opts.host, port);
    } catch (err) {
      udp.close();
      if (opts.port !== 0 || attempt > 10) throw err;
      continue;
    }
    const held = new Set<NodeJS.Timeout>(); // slow answers waiting
    const reply = (packet: Packet, udpLimit: number, to: dgram.RemoteInfo) => {
      try {
        udp.send(encodeUdp(packet, udpLimit), to.port, to.address);
        if (opts.onEvent)
          opts.onEvent({ kind: "answer", ...questionOf(packet as DecodedPacket), transport: "udp" });
      } catch {
        // closed meanwhile
      }
    };
    udp.on("message", (msg, rinfo) => {
      let query: DecodedPacket;
      try {
        query = dnsPacket.decode(msg);
      } catch {
        return; // not DNS: drop, like a real server
      }
      if (query.type === "response") return;
      // Answered in the same tick (no promise per query: the server must outrun bulk resolvers).
      const { packet, udpLimit, delayMs } = answer(index, query);
      if (opts.onEvent) opts.onEvent({ kind: "query", ...questionOf(query), transport: "udp" });
      if (delayMs === 0) return reply(packet, udpLimit, rinfo);
      const timer = setTimeout(() => {
        held.delete(timer);
        reply(packet, udpLimit, rinfo);
      }, delayMs);
      held.add(timer);
    });
    udp.on("error", () => {});
    const sockets = new Set<net.Socket>();
    tcp.on("connection", (s) => {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
    });
    return {
      host: opts.host,
      port,
      close: async () => {
        for (const s of sockets) s.destroy();
        for (const t of held) clearTimeout(t);
        await Promise.all([
          new Promise<void>((r) => udp.close(() => r())),
          new Promise<void>((r) => tcp.close(() => r())),
        ]);
      },
    };
  }
}
