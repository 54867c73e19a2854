import dgram from "node:dgram";
import net from "node:net";
import dnsPacket, { type DecodedPacket, type RecordType } from "dns-packet";

// A minimal DNS client over UDP or TCP (dns-packet on node sockets), for asserting on exact
// answers, flags and rcodes where a resolver library would hide them.

export interface QueryOptions {
  transport?: "udp" | "tcp";
  edns?: number; // advertise this UDP payload size; omitted: plain 512-byte DNS
  timeoutMs?: number;
}

export function dnsQuery(
  server: string,
  name: string,
  type: RecordType,
  opts: QueryOptions = {},
): Promise<DecodedPacket> {
  const [host, port] = [
    server.slice(0, server.lastIndexOf(":")),
    Number(server.slice(server.lastIndexOf(":") + 1)),
  ];
  const packet = {
    type: "query" as const,
    id: Math.floor(Math.random() * 65535),
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type, name, class: "IN" as const }],
    additionals: opts.edns ? [{ type: "OPT", name: ".", udpPayloadSize: opts.edns, flags: 0 } as never] : [],
  };
  const timeoutMs = opts.timeoutMs ?? 3000;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`DNS ${type} ${name} timed out`));
    }, timeoutMs);
    let cleanup = () => clearTimeout(timer);
    if (opts.transport === "tcp") {
      const socket = net.connect(port, host, () => socket.write(dnsPacket.streamEncode(packet)));
      let buf = Buffer.alloc(0);
      cleanup = () => (clearTimeout(timer), socket.destroy());
      socket.on("error", (e) => (cleanup(), reject(e)));
      socket.on("data", (chunk) => {
        buf = Buffer.concat([buf, chunk]);
        if (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
          cleanup();
          resolve(dnsPacket.streamDecode(buf) as DecodedPacket);
        }
      });
    } else {
      const socket = dgram.createSocket("udp4");
      cleanup = () => (clearTimeout(timer), socket.close());
      socket.on("error", (e) => (cleanup(), reject(e)));
      socket.on("message", (msg) => {
        cleanup();
        resolve(dnsPacket.decode(msg));
      });
      socket.send(dnsPacket.encode(packet), port, host);
    }
  });
}
