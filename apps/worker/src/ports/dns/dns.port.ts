import { isIP } from "node:net";
import type { RecordType } from "dns-packet";
import { counted, type CountOutbound } from "../../lib/outbound.ts";

// The DNS port: what the resolver, enrichment and the HTTP client ask of a DNS client
// (dns-client.ts is the implementation on dns-packet), the error it throws when a query times out,
// and the addresses of a host name through any client.

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

export interface QueryOptions {
  timeoutMs?: number;
  retries?: number;
}

export interface DnsClient {
  readonly nameservers: readonly Nameserver[];
  query(name: string, type: RecordType, opts?: QueryOptions): Promise<DnsResponse>;
  close(): Promise<void>;
}

/** The host's addresses through `dns`: A, else AAAA (an IP literal is its own address). */
export async function resolveHost(dns: DnsClient, hostname: string): Promise<string[]> {
  if (isIP(hostname)) return [hostname];
  const a = await dns.query(hostname, "A");
  let addrs = a.answers.filter((r) => r.type === "A").map((r) => r.data);
  if (!addrs.length) {
    const aaaa = await dns.query(hostname, "AAAA");
    addrs = aaaa.answers.filter((r) => r.type === "AAAA").map((r) => r.data);
  }
  if (!addrs.length)
    throw Object.assign(new Error(`No address for ${hostname} (${a.rcode})`), { code: "ENOTFOUND" });
  return addrs;
}

/** `dns` with each query counted: any answer (NXDOMAIN too) is ok, no answer an error. */
export function countedDnsClient(dns: DnsClient, count: CountOutbound): DnsClient {
  return {
    nameservers: dns.nameservers,
    query: (name, type, opts) => counted(count, "dns", dns.query(name, type, opts)),
    close: () => dns.close(),
  };
}
