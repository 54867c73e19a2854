import type { DnsClient, DnsRecord, DnsResponse } from "../../ports/dns/dns.port.ts";
import { errorCode } from "../../lib/network-errors.ts";

// A lookalike's DNS: A/AAAA/MX/NS/TXT/_dmarc/CAA with TTLs through the DNS client, SPF and DMARC
// picked out, parking name servers recognised. A query that failed leaves its field null.

/** Name-server suffixes of parking services. */
const PARKING_NS = [
  "sedoparking.com",
  "bodis.com",
  "parkingcrew.net",
  "above.com",
  "parklogic.com",
  "domainparking.ru",
  "dan.com",
  "afternic.com",
  "uniregistrymarket.link",
  "namebrightdns.com",
  "cashparking.com",
  "fabulous.com",
  "ztomy.com",
  "voodoo.com",
  "dsredirection.com",
  "parking.reg.ru",
  "smartname.com",
];

export function isParkingNs(ns: string[]): boolean {
  return ns.some((n) => PARKING_NS.some((p) => n.toLowerCase().replace(/\.$/, "").endsWith(p)));
}

/** The SPF record among TXT strings (pure). */
export function pickSpf(txt: string[]): string | null {
  return txt.find((t) => /^v=spf1(\s|$)/i.test(t.trim())) ?? null;
}

export function pickDmarc(txt: string[]): string | null {
  return txt.find((t) => /^v=DMARC1/i.test(t.trim())) ?? null;
}

export interface DnsRecordsResult {
  dns_a: string[] | null;
  dns_aaaa: string[] | null;
  dns_mx: string[] | null;
  dns_ns: string[] | null;
  dns_txt: string[] | null;
  spf: string | null;
  dmarc: string | null;
  caa: string[] | null;
  /** Lowest TTL per record type, null when unknown. */
  ttls: Record<string, number | null>;
  parking_ns: boolean | null;
  /** Types whose lookup failed (timeout or SERVFAIL): unknown, not absent. */
  failed: Record<string, string>;
}

const TYPES = ["A", "AAAA", "MX", "NS", "TXT", "CAA"] as const;

function ofType(res: DnsResponse, type: string): DnsRecord[] {
  return res.answers.filter((r) => r.type === type);
}

export async function lookupDnsRecords(domain: string, dns: DnsClient): Promise<DnsRecordsResult> {
  const failed: Record<string, string> = {};
  const ask = async (name: string, type: (typeof TYPES)[number] | "DMARC"): Promise<DnsRecord[] | null> => {
    try {
      const res = await dns.query(name, type === "DMARC" ? "TXT" : type);
      if (res.rcode === "NOERROR" || res.rcode === "NXDOMAIN")
        return ofType(res, type === "DMARC" ? "TXT" : type);
      failed[type] = res.rcode;
    } catch (err) {
      failed[type] = errorCode(err);
    }
    return null;
  };
  const [a = null, aaaa = null, mx = null, ns = null, txt = null, caa = null, dmarc = null] =
    await Promise.all([...TYPES.map((t) => ask(domain, t)), ask(`_dmarc.${domain}`, "DMARC")]);
  const data = (r: DnsRecord[] | null) => (r ? r.map((x) => x.data) : null);
  const minTtl = (r: DnsRecord[] | null) => (r && r.length ? Math.min(...r.map((x) => x.ttl)) : null);
  const mxHosts = mx
    ? mx.map((r) => r.data).sort((x, y) => Number(x.split(" ")[0]) - Number(y.split(" ")[0]))
    : null;
  const nsNames = ns ? ns.map((r) => r.data.toLowerCase()) : null;
  const txtData = data(txt);
  return {
    dns_a: data(a),
    dns_aaaa: data(aaaa),
    dns_mx: mxHosts ? mxHosts.map((m) => m.split(" ").slice(1).join(" ")) : null,
    dns_ns: nsNames,
    dns_txt: txtData,
    spf: txtData ? pickSpf(txtData) : null,
    dmarc: dmarc ? pickDmarc(dmarc.map((r) => r.data)) : null,
    caa: data(caa),
    ttls: { A: minTtl(a), AAAA: minTtl(aaaa), MX: minTtl(mx), NS: minTtl(ns), TXT: minTtl(txt) },
    parking_ns: nsNames ? isParkingNs(nsNames) : null,
    failed,
  };
}
