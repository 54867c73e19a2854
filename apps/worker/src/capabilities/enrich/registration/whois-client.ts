import net from "node:net";
import { isPrivateAddress } from "@brandwarden/platform/net/private-address";
import { BlockedAddressError } from "@brandwarden/platform/net/guarded-agent";
import { resolveHost, type DnsClient } from "../../../ports/dns/dns.port.ts";
import { createServerPacer, RateLimitSignal, type ServerPacer } from "./server-pacer.ts";
import { whoisRefusal } from "./whois-refusals.ts";

// WHOIS over port 43 (RFC 3912): one line out, read until the server closes. With a configured
// server every query goes there; otherwise whois.iana.org names the TLD's server ("refer:").
// Every query, IANA's included, goes through a pacer per server ("host:port"). A server refusing
// for its rate (a "limit exceeded" answer, a connection reset before any data, or refused once it
// has answered before) is paused and asked again; such an answer is never returned as a record.

export interface WhoisClient {
  query(q: string): Promise<{ text: string; server: string }>;
}

export interface WhoisClientOptions {
  server: string | null; // "host[:port]"
  dns: DnsClient;
  allowPrivateNetwork: boolean;
  timeoutMs: number;
  maxBytes?: number;
  /** Paces queries per server; default one of its own. */
  pacer?: ServerPacer;
}

function splitHostPort(text: string): { host: string; port: number } {
  const m = /^(.+?)(?::(\d+))?$/.exec(text.trim())!;
  return { host: m[1]!, port: Number(m[2] ?? 43) };
}

export function createWhoisClient(opts: WhoisClientOptions): WhoisClient {
  const maxBytes = opts.maxBytes ?? 256 * 1024;
  const pacer = opts.pacer ?? createServerPacer({ kind: "whois" });
  const answered = new Set<string>(); // servers that gave data: a refused connection then is a limit
  const ask = (server: string, q: string): Promise<string> => {
    const { host, port } = splitHostPort(server);
    const key = `${host.toLowerCase()}:${port}`;
    return pacer.run(key, async () => {
      let text: string;
      try {
        text = await send(host, port, server, q);
      } catch (err) {
        const { code, beforeData } = err as { code?: string; beforeData?: boolean };
        if (beforeData && (code === "ECONNRESET" || (code === "ECONNREFUSED" && answered.has(key))))
          throw new RateLimitSignal(null, `WHOIS ${server}: ${code} before any answer`);
        throw err;
      }
      const refusal = whoisRefusal(text);
      if (refusal) throw new RateLimitSignal(refusal.retryAfterMs, `WHOIS ${server}: ${refusal.line}`);
      answered.add(key);
      return text;
    });
  };
  const send = async (host: string, port: number, server: string, q: string): Promise<string> => {
    const [address] = await resolveHost(opts.dns, host);
    if (!opts.allowPrivateNetwork && isPrivateAddress(address!))
      throw new BlockedAddressError(host, address!);
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const socket = net.connect({ host: address!, port });
      const timer = setTimeout(() => socket.destroy(Object.assign(new Error(`WHOIS ${server} timed out`), { code: "ETIMEDOUT" })), opts.timeoutMs); // prettier-ignore
      socket.on("connect", () => socket.write(`${q}\r\n`));
      socket.on("data", (c: Buffer) => {
        size += c.length;
        if (size <= maxBytes) chunks.push(c);
        else socket.destroy();
      });
      socket.on("error", (err) => {
        clearTimeout(timer);
        reject(Object.assign(err, { beforeData: size === 0 }));
      });
      socket.on("close", (hadError) => {
        clearTimeout(timer);
        if (!hadError) resolve(Buffer.concat(chunks).toString("utf8"));
      });
    });
  };
  return {
    async query(q) {
      if (opts.server) return { text: await ask(opts.server, q), server: opts.server };
      const tld = q.split(".").pop()!;
      const iana = await ask("whois.iana.org:43", tld);
      const refer = /^\s*(?:refer|whois):\s*(\S+)/im.exec(iana)?.[1];
      if (!refer) throw Object.assign(new Error(`no WHOIS server for .${tld}`), { code: "ENOWHOIS" });
      return { text: await ask(refer, q), server: refer };
    },
  };
}
