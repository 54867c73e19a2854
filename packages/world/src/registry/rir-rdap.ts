import { hashString } from "../scenario/prng.ts";
import type { Network, Rir } from "../scenario/schema.ts";
import { allocationDate, bigIntToIp, type IpBlock } from "./ip-blocks.ts";

// IP network and autnum answers as each RIR's RDAP server lays them out, so a client has to
// find the abuse contact wherever the RIR puts it. Shapes copied from real answers in
// apps/worker/samples/rdap:
// - ARIN (whoisit/ip_v4_3.json, icann-rdap/network_192_198_0_0.json): handle NET-a-b-c-d-1, the
//   organisation as `registrant` entity with the abuse POC nested inside it; a reassignment
//   ("REASSIGNED") names a customer (C0...) registrant and no abuse POC: the parent net has it.
// - RIPE (whoisit/ip_v4_2.json): handle "first - last", registrant entities by handle only (no
//   vCard: the organisation is the netname), the abuse-c role at top level; an "ASSIGNED PA"
//   customer network carries none of its own.
// - APNIC (whoisit/ip_v4.json): handle "first - last", no registrant, the IRT as top-level
//   `abuse` entity.
// LACNIC answers in ARIN's nesting and AFRINIC in RIPE's (both run those databases' software).
// A reassignment names its parent in `parentHandle` and links to it with rel "up".

type Json = Record<string, unknown>;

const vcard = (...props: unknown[][]) => ["vcard", [["version", {}, "text", "4.0"], ...props]];
const PORT43: Record<Rir, string> = {
  arin: "whois.arin.net",
  ripe: "whois.ripe.net",
  apnic: "whois.apnic.net",
  lacnic: "whois.lacnic.net",
  afrinic: "whois.afrinic.net",
};
const nested = (rir: Rir) => rir === "arin" || rir === "lacnic";
const initials = (s: string) =>
  s
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 6)
    .toUpperCase() || "ORG";

export interface RirNetworkInput {
  rir: Rir;
  network: Network;
  block: IpBlock;
  /** The network this one was reassigned from, with its block. */
  parent: { network: Network; block: IpBlock } | null;
}

const rangeHandle = (b: IpBlock) => `${bigIntToIp(b.first, b.version)} - ${bigIntToIp(b.last, b.version)}`;

function handleOf(rir: Rir, n: Network, b: IpBlock): string {
  return nested(rir) ? n.handle : rangeHandle(b);
}

function abuseEntity(rir: Rir, n: Network): Json {
  const h = hashString(n.abuse_email);
  const handle =
    rir === "apnic" ? `IRT-${initials(n.owner)}-${n.country}` : nested(rir) ? `ABUSE${h % 10_000}-${rir.toUpperCase()}` : `AR${h % 100_000}-${rir === "ripe" ? "RIPE" : "AFRINIC"}`; // prettier-ignore
  return {
    objectClassName: "entity",
    handle,
    roles: ["abuse"],
    vcardArray: vcard(
      ["fn", {}, "text", rir === "ripe" || rir === "afrinic" ? "Abuse-C Role" : rir === "apnic" ? handle : `${n.owner} Abuse`], // prettier-ignore
      ["kind", {}, "text", "group"],
      ["email", {}, "text", n.abuse_email],
      ...(n.abuse_phone ? [["tel", { type: ["work", "voice"] }, "text", n.abuse_phone]] : []),
    ),
  };
}

function cidr0(b: IpBlock) {
  return b.version === 4
    ? { v4prefix: b.prefix, length: b.length }
    : { v6prefix: b.prefix, length: b.length };
}

function networkType(rir: Rir, reassigned: boolean): string {
  if (nested(rir)) return reassigned ? "REASSIGNED" : "DIRECT ALLOCATION";
  if (rir === "apnic") return reassigned ? "ASSIGNED NON-PORTABLE" : "ALLOCATED PORTABLE";
  return reassigned ? "ASSIGNED PA" : "ALLOCATED PA";
}

export function rirNetworkRdap(input: RirNetworkInput, base: string, query: string): Json {
  const { rir, network: n, block: b, parent } = input;
  const reassigned = Boolean(parent);
  const org = nested(rir) ? (reassigned ? `C0${hashString(n.handle) % 10_000_000}` : `${initials(n.owner)}-${hashString(n.owner) % 100}`) : `ORG-${initials(n.owner)}${hashString(n.owner) % 100}-${rir === "ripe" ? "RIPE" : "AFRINIC"}`; // prettier-ignore
  const abuse = reassigned ? [] : [abuseEntity(rir, n)];
  const entities: Json[] = [];
  if (nested(rir)) {
    entities.push({
      objectClassName: "entity",
      handle: org,
      roles: ["registrant"],
      vcardArray: vcard(["fn", {}, "text", n.owner], ["kind", {}, "text", "org"]),
      ...(abuse.length ? { entities: abuse } : {}),
    });
  } else if (rir === "apnic") {
    entities.push(...abuse, { objectClassName: "entity", handle: `${initials(n.owner)}1-AP`, roles: ["administrative", "technical"] }); // prettier-ignore
  } else {
    entities.push({ objectClassName: "entity", handle: org, roles: ["registrant"] }, ...abuse);
  }
  const links: Json[] = [{ value: `${base}ip/${query}`, rel: "self", href: `${base}ip/${b.prefix}/${b.length}`, type: "application/rdap+json" }]; // prettier-ignore
  if (parent)
    links.push({ value: `${base}ip/${query}`, rel: "up", href: `${base}ip/${parent.block.prefix}/${parent.block.length}`, type: "application/rdap+json" }); // prettier-ignore
  return {
    rdapConformance: nested(rir) ? ["nro_rdap_profile_0", "rdap_level_0", "cidr0", "arin_originas0"] : ["cidr0", "rdap_level_0", "nro_rdap_profile_0"], // prettier-ignore
    objectClassName: "ip network",
    handle: handleOf(rir, n, b),
    startAddress: bigIntToIp(b.first, b.version),
    endAddress: bigIntToIp(b.last, b.version),
    ipVersion: b.version === 4 ? "v4" : "v6",
    name: n.name,
    type: networkType(rir, reassigned),
    country: n.country,
    ...(parent ? { parentHandle: handleOf(rir, parent.network, parent.block) } : {}),
    status: ["active"],
    cidr0_cidrs: [cidr0(b)],
    ...(nested(rir) ? { arin_originas0_originautnums: [n.asn] } : {}),
    entities,
    links,
    events: [
      { eventAction: "registration", eventDate: `${allocationDate(n.handle, n.allocated)}T00:00:00Z` },
      { eventAction: "last changed", eventDate: "2024-06-11T09:12:44Z" },
    ],
    port43: PORT43[rir],
  };
}

/** An AS as the RIR answers /autnum/<n>: its name and the abuse contact where that RIR puts it. */
export interface AutnumInput {
  rir: Rir;
  asn: number;
  as_name: string;
  owner: string;
  country: string;
  abuse_email: string;
}

export function rirAutnumRdap(a: AutnumInput, base: string): Json {
  const n = {
    handle: `AS${a.asn}`,
    owner: a.owner,
    country: a.country,
    abuse_email: a.abuse_email,
    abuse_phone: "",
  } as Network;
  const abuse = abuseEntity(a.rir, n);
  const entities = nested(a.rir)
    ? [{ objectClassName: "entity", handle: `${initials(a.owner)}-${hashString(a.owner) % 100}`, roles: ["registrant"], vcardArray: vcard(["fn", {}, "text", a.owner], ["kind", {}, "text", "org"]), entities: [abuse] }] // prettier-ignore
    : [abuse, { objectClassName: "entity", handle: `ORG-${initials(a.owner)}${hashString(a.owner) % 100}-RIPE`, roles: ["registrant"] }]; // prettier-ignore
  return {
    rdapConformance: ["nro_rdap_profile_0", "rdap_level_0"],
    objectClassName: "autnum",
    handle: `AS${a.asn}`,
    startAutnum: a.asn,
    endAutnum: a.asn,
    name: a.as_name,
    ...(nested(a.rir) ? {} : { country: a.country }),
    status: ["active"],
    entities,
    links: [{ value: `${base}autnum/${a.asn}`, rel: "self", href: `${base}autnum/${a.asn}`, type: "application/rdap+json" }], // prettier-ignore
    events: [{ eventAction: "registration", eventDate: `${allocationDate(`AS${a.asn}`)}T00:00:00Z` }],
    port43: PORT43[a.rir],
  };
}
