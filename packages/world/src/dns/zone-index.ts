import type { Answer } from "dns-packet";
import { allDomains, type DnsFault, type DomainEntry, type Scenario } from "../scenario/schema.ts";
import { CYMRU_ZONE, CymruAsn } from "./cymru-asn.ts";
import { ReverseNames } from "./reverse-names.ts";

// Every name of a scenario, indexed for the DNS server: each scenario domain (and each
// infrastructure host) is a zone apex; lookups walk up the labels to the closest apex. Names
// under asn.cymru.com and the reverse zones are answered from the scenario's networks.

interface Zone {
  apex: string;
  soa: Answer;
  wildcard: boolean;
  fault: DnsFault | null;
  delayMs: number;
}

interface NameNode {
  zone: Zone;
  records: Map<string, Answer[]>;
}

export interface LookupResult {
  rcode: "NOERROR" | "NXDOMAIN" | "SERVFAIL";
  answers: Answer[];
  authorities: Answer[];
  delayMs: number;
}

const SOA_TTL = 3600;

function soaFor(apex: string, mname: string, updated: string | null, minimum: number): Answer {
  const serial = updated ? Number(updated.slice(0, 10).replace(/-/g, "") + "01") : 2024010101;
  return {
    name: apex,
    type: "SOA",
    ttl: SOA_TTL,
    data: {
      mname,
      rname: `hostmaster.${apex}`,
      serial,
      refresh: 7200,
      retry: 3600,
      expire: 1209600,
      minimum,
    },
  };
}

// TXT strings longer than 255 bytes go out as several character-strings of one record.
function txtData(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += 255) out.push(text.slice(i, i + 255));
  return out.length ? out : [""];
}

function record(name: string, type: string, value: string, ttl: number): Answer {
  switch (type) {
    case "MX": {
      const [prio, exchange] = value.split(/\s+/);
      return { name, type: "MX", ttl, data: { preference: Number(prio), exchange: exchange ?? "" } };
    }
    case "TXT":
      return { name, type: "TXT", ttl, data: txtData(value) };
    default:
      return { name, type: type as "A", ttl, data: value };
  }
}

const CYMRU_SOA = soaFor(CYMRU_ZONE, "ns.asn.cymru.com", null, 14400);

// clientHold (the registrar's) or serverHold (the registry's): RFC 5731, the name is not published.
function onHold(d: DomainEntry): boolean {
  return d.registration.status.some((s) => s === "clientHold" || s === "serverHold");
}

export class ZoneIndex {
  private readonly nodes = new Map<string, NameNode>();
  private readonly zones = new Map<string, Zone>();
  // Names that exist only as parents of other names (empty non-terminals): NOERROR, not NXDOMAIN.
  private readonly parents = new Set<string>();

  private readonly cymru: CymruAsn;
  private readonly reverse: ReverseNames;

  constructor(scenario: Scenario) {
    this.cymru = new CymruAsn(scenario.networks);
    this.reverse = new ReverseNames(scenario.networks);
    // A domain on registry hold is left out of the TLD zone, so it no longer resolves.
    for (const d of allDomains(scenario)) if (!onHold(d)) this.addDomain(d);
    for (const h of scenario.hosts) {
      const zone =
        this.zoneOf(h.name) ?? this.addZone(h.name, soaFor(h.name, h.name, null, 300), false, null, 0);
      for (const ip of h.a) this.add(zone, h.name, record(h.name, "A", ip, 3600));
    }
  }

  private addZone(apex: string, soa: Answer, wildcard: boolean, fault: DnsFault | null, delayMs: number) {
    const zone: Zone = { apex, soa, wildcard, fault, delayMs };
    this.zones.set(apex, zone);
    return zone;
  }

  private add(zone: Zone, name: string, rr: Answer): void {
    let node = this.nodes.get(name);
    if (!node) {
      this.nodes.set(name, (node = { zone, records: new Map() }));
      for (let n = name; n !== zone.apex && n.includes(".");)
        this.parents.add((n = n.slice(n.indexOf(".") + 1)));
    }
    const list = node.records.get(rr.type) ?? [];
    list.push(rr);
    node.records.set(rr.type, list);
  }

  private addDomain(d: DomainEntry): void {
    const { domain, dns } = d;
    const ttl = dns.ttl;
    const soa = soaFor(domain, dns.ns[0]!, d.registration.updated, ttl);
    const zone = this.addZone(domain, soa, dns.wildcard, dns.fault, dns.delay_ms);
    this.add(zone, domain, soa);
    for (const ip of dns.a) this.add(zone, domain, record(domain, "A", ip, ttl));
    for (const ip of dns.aaaa) this.add(zone, domain, record(domain, "AAAA", ip, ttl));
    for (const ns of dns.ns) this.add(zone, domain, record(domain, "NS", ns, 86400));
    for (const mx of dns.mx)
      this.add(zone, domain, record(domain, "MX", `${mx.priority} ${mx.exchange}`, ttl));
    for (const t of dns.txt) this.add(zone, domain, record(domain, "TXT", t, ttl));
    for (const c of dns.caa) {
      this.add(zone, domain, {
        name: domain,
        type: "CAA",
        ttl,
        data: { flags: c.flags, tag: c.tag, value: c.value },
      });
    }
    if (dns.dmarc) this.add(zone, `_dmarc.${domain}`, record(`_dmarc.${domain}`, "TXT", dns.dmarc, ttl));
    if (dns.www) this.add(zone, `www.${domain}`, record(`www.${domain}`, "CNAME", domain, ttl));
    if (dns.wildcard) {
      const w = `*.${domain}`;
      for (const ip of dns.a) this.add(zone, w, record(w, "A", ip, ttl));
      for (const ip of dns.aaaa) this.add(zone, w, record(w, "AAAA", ip, ttl));
    }
    for (const x of dns.extra) this.add(zone, x.name, record(x.name, x.type, x.value, x.ttl ?? ttl));
  }

  private zoneOf(name: string): Zone | null {
    for (let n = name; ;) {
      const z = this.zones.get(n);
      if (z) return z;
      const dot = n.indexOf(".");
      if (dot < 0) return null;
      n = n.slice(dot + 1);
    }
  }

  private nodeFor(name: string, zone: Zone): NameNode | null {
    const node = this.nodes.get(name);
    if (node) return node;
    if (!zone.wildcard || name === zone.apex) return null;
    const wild = this.nodes.get(`*.${zone.apex}`);
    if (!wild) return null;
    // Synthesise the wildcard's records with the queried owner name.
    const records = new Map<string, Answer[]>();
    for (const [t, rrs] of wild.records)
      records.set(
        t,
        rrs.map((rr) => ({ ...rr, name }) as Answer),
      );
    return { zone, records };
  }

  lookup(rawName: string, type: string): LookupResult {
    const name = rawName.toLowerCase().replace(/\.$/, "");
    const cymru = this.cymru.lookup(name, type);
    if (cymru) return { ...cymru, authorities: cymru.answers.length ? [] : [CYMRU_SOA], delayMs: 0 };
    const reverse = this.reverse.lookup(name, type);
    if (reverse) {
      const zone = this.zoneOf(name);
      const soa = zone?.soa ?? soaFor(name.split(".").slice(-2).join("."), "ns1.world.invalid", null, 3600);
      return { ...reverse, authorities: reverse.answers.length ? [] : [soa], delayMs: 0 };
    }
    const zone = this.zoneOf(name);
    if (!zone) {
      // Not ours: the TLD's registry would say NXDOMAIN.
      const tld = name.split(".").pop() || ".";
      return {
        rcode: "NXDOMAIN",
        answers: [],
        authorities: [soaFor(tld, `a.nic.${tld}`, null, 900)],
        delayMs: 0,
      };
    }
    const delayMs = zone.fault === "slow" ? zone.delayMs : 0;
    if (zone.fault === "servfail") return { rcode: "SERVFAIL", answers: [], authorities: [], delayMs };
    if (zone.fault === "noanswer") return { rcode: "NOERROR", answers: [], authorities: [zone.soa], delayMs };
    const answers: Answer[] = [];
    const first = this.nodeFor(name, zone);
    if (!first) {
      const rcode = this.parents.has(name) ? "NOERROR" : "NXDOMAIN";
      return { rcode, answers, authorities: [zone.soa], delayMs };
    }
    let node: NameNode = first;
    // Follow CNAMEs inside the world, at most 8 deep.
    for (let hops = 0; hops < 8; hops++) {
      const cname: Answer[] | undefined = node.records.get("CNAME");
      if (!cname || type === "CNAME") break;
      answers.push(...cname);
      const target = String((cname[0] as { data: unknown }).data);
      const tz = this.zoneOf(target);
      const next: NameNode | null = tz ? this.nodeFor(target, tz) : null;
      if (!next) return { rcode: "NOERROR", answers, authorities: [], delayMs };
      node = next;
    }
    const found = type === "ANY" ? [...node.records.values()].flat() : (node.records.get(type) ?? []);
    answers.push(...found);
    return { rcode: "NOERROR", answers, authorities: answers.length ? [] : [node.zone.soa], delayMs };
  }

  get size(): number {
    return this.nodes.size;
  }
}
