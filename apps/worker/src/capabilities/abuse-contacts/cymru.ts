import type { DnsClient } from "../../ports/dns/dns.port.ts";
import { parseIp } from "../enrich/registration/ip-ranges.ts";

// Team Cymru's IP-to-ASN DNS service (https://www.team-cymru.com/ip-asn-mapping): the origin AS
// of the BGP prefix an address is announced in, the AS's name, and the upstream peers. Most RIRs'
// network objects do not name the AS that announces them; BGP does. Answers are TXT records:
//   <reversed-ip>.origin.asn.cymru.com  -> "23028 | 216.90.108.0/24 | US | arin | 1998-09-25"
//   AS23028.asn.cymru.com               -> "23028 | US | arin | 2002-01-04 | TEAMCYMRU - SAUNET"
//   <reversed-ip>.peer.asn.cymru.com    -> "701 1239 3549 | 216.90.108.0/24 | US | arin | 1998-09-25"

export interface CymruOrigin {
  /** A prefix announced by several origins (MOAS) lists them all. */
  asns: number[];
  prefix: string | null;
  country: string | null;
  registry: string | null;
  allocated: string | null;
}

export interface CymruAsName {
  asn: number;
  country: string | null;
  registry: string | null;
  name: string | null;
}

const fields = (txt: string) =>
  txt
    .trim()
    .replace(/^"|"$/g, "")
    .split("|")
    .map((f) => f.trim());
const orNull = (s: string | undefined) => (s ? s : null);
const asnList = (s: string | undefined) =>
  (s ?? "")
    .split(/\s+/)
    .filter((x) => /^\d+$/.test(x))
    .map(Number);

/** An `origin` (or `peer`) answer: AS numbers, prefix, country, registry, allocation date. */
export function parseCymruOrigin(txt: string): CymruOrigin | null {
  const [asns, prefix, country, registry, allocated] = fields(txt);
  const list = asnList(asns);
  if (!list.length) return null;
  return {
    asns: list,
    prefix: orNull(prefix),
    country: orNull(country),
    registry: orNull(registry),
    allocated: orNull(allocated),
  };
}

/** An `AS<n>.asn.cymru.com` answer. */
export function parseCymruAsName(txt: string): CymruAsName | null {
  const [asn, country, registry, , name] = fields(txt);
  if (!asn || !/^\d+$/.test(asn)) return null;
  return { asn: Number(asn), country: orNull(country), registry: orNull(registry), name: orNull(name) };
}

/** The query name for an address: reversed octets (IPv4) or nibbles (IPv6) under `zone`. */
export function cymruQueryName(address: string, kind: "origin" | "peer"): string | null {
  const ip = parseIp(address);
  if (!ip) return null;
  if (ip.version === 4) return `${address.trim().split(".").reverse().join(".")}.${kind}.asn.cymru.com`;
  const nibbles = ip.value.toString(16).padStart(32, "0").split("").reverse().join(".");
  return `${nibbles}.${kind === "origin" ? "origin6" : "peer6"}.asn.cymru.com`;
}

export interface CymruAnswer {
  origin: CymruOrigin | null;
  /** The first origin AS's name ("TEAMCYMRU - SAUNET"). */
  asName: string | null;
  /** Upstream ASes of the prefix (the `peer` zone), nearest first as Cymru lists them. */
  peers: number[];
}

async function txt(dns: DnsClient, name: string): Promise<string[]> {
  const res = await dns.query(name, "TXT");
  return res.answers.filter((r) => r.type === "TXT").map((r) => r.data);
}

/** Origin AS, its name and the upstream peers of an address; fields stay empty when unanswered. */
export async function lookupCymru(dns: DnsClient, address: string): Promise<CymruAnswer> {
  const none: CymruAnswer = { origin: null, asName: null, peers: [] };
  const originName = cymruQueryName(address, "origin");
  const peerName = cymruQueryName(address, "peer");
  if (!originName || !peerName) return none;
  const [originTxt, peerTxt] = await Promise.all([
    txt(dns, originName).catch(() => []),
    txt(dns, peerName).catch(() => []),
  ]);
  const origin = originTxt.map(parseCymruOrigin).find(Boolean) ?? null;
  const peers = peerTxt.map(parseCymruOrigin).find(Boolean)?.asns ?? [];
  let asName: string | null = null;
  if (origin) {
    const names = await txt(dns, `AS${origin.asns[0]}.asn.cymru.com`).catch(() => []);
    asName = names.map(parseCymruAsName).find(Boolean)?.name ?? null;
  }
  return { origin, asName, peers: peers.filter((p) => !origin?.asns.includes(p)) };
}
