import net from "node:net";
import type { AddressInfo } from "node:net";
import { RegistryIndex } from "./registry-index.ts";
import type { TokenBuckets } from "./token-bucket.ts";
import { domainNoMatch, domainWhois, networkWhois, noMatch } from "./whois-text.ts";

// WHOIS (RFC 3912): one query line per connection, one answer, then the server closes.

export interface WhoisServer {
  host: string;
  port: number;
  /** Queries received, and those refused for the rate limit. */
  counts: { requests: number; limited: number };
  server: net.Server;
  close(): Promise<void>;
}

// Over its limit a registry's port 43 answers a refusal and closes, as whois.nic.cz does:
// "Your connection limit exceeded. Please slow down and try again later." (quoted in
// github.com/stratosphereips/StratosphereLinuxIPS issue #495 and
// github.com/HelgeSverre/Domain-Availability issue #40).
const LIMIT_EXCEEDED = "Your connection limit exceeded. Please slow down and try again later.\r\n";

function whoisAnswer(index: RegistryIndex, line: string, now = new Date()): string {
  // Verisign accepts "domain example.com" and "=example.com"; ARIN "n 1.2.3.4".
  const query = line
    .trim()
    .replace(/^(domain|n|=)\s*/i, "")
    .toLowerCase();
  if (RegistryIndex.isIp(query)) {
    const n = index.network(query);
    return n ? networkWhois(n) : noMatch(query, now);
  }
  const d = index.domain(query);
  return d ? domainWhois(d, now) : domainNoMatch(query, now);
}

export async function startWhoisServer(
  index: RegistryIndex,
  opts: { host: string; port: number; limit?: TokenBuckets | null },
): Promise<WhoisServer> {
  const counts = { requests: 0, limited: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    socket.setTimeout(10_000, () => socket.destroy());
    let buf = "";
    let answered = false;
    socket.on("data", (chunk) => {
      if (answered) return;
      buf += chunk.toString("utf8");
      const nl = buf.indexOf("\n");
      if (nl < 0 && buf.length < 1024) return;
      answered = true;
      counts.requests++;
      if (opts.limit && !opts.limit.take(socket.remoteAddress ?? "").ok) {
        counts.limited++;
        return void socket.end(LIMIT_EXCEEDED);
      }
      socket.end(whoisAnswer(index, nl < 0 ? buf : buf.slice(0, nl)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (err) =>
      reject(new Error(`WHOIS cannot listen on ${opts.host}:${opts.port}: ${err.message}`)),
    );
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    host: opts.host,
    port: (server.address() as AddressInfo).port,
    counts,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
