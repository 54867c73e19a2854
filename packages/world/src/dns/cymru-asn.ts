import type { Answer } from "dns-packet";
import type { Network, Rir } from "../scenario/schema.ts";
import {
  addressFromReversed,
  allocationDate,
  NetworkTable,
  type NetworkBlock,
} from "../registry/ip-blocks.ts";

// Team Cymru's IP-to-ASN service over DNS, as https://www.team-cymru.com/ip-asn-mapping
// publishes it, answered from the scenario's networks:
//   31.108.90.216.origin.asn.cymru.com TXT "23028 | 216.90.108.0/24 | US | arin | 1998-09-25"
//   <nibbles>.origin6.asn.cymru.com    TXT the same for an IPv6 address
//   AS23028.asn.cymru.com              TXT "23028 | US | arin | 2002-01-04 | TEAMCYMRU - SAUNET, US"
//   31.108.90.216.peer.asn.cymru.com   TXT "701 1239 3549 | 216.90.108.0/24 | US | arin | 1998-09-25"
// One TXT record per announced prefix holding the address; several origin ASes of one prefix
// are space-separated; an address no prefix holds is NXDOMAIN.

export const CYMRU_ZONE = "asn.cymru.com";
const TTL = 14400;

export interface CymruAnswer {
  rcode: "NOERROR" | "NXDOMAIN";
  answers: Answer[];
}

// Cymru names the registries as their delegation files do ("ripencc", not "ripe").
const REGISTRY: Record<Rir, string> = {
  arin: "arin",
  ripe: "ripencc",
  apnic: "apnic",
  lacnic: "lacnic",
  afrinic: "afrinic",
};

interface AsEntry {
  asn: number;
  country: string;
  rir: Rir;
  name: string;
}

export class CymruAsn {
  private readonly table: NetworkTable;
  private readonly ases = new Map<number, AsEntry>();

  constructor(networks: Network[]) {
    this.table = new NetworkTable(networks);
    for (const n of networks) {
      if (!this.ases.has(n.asn))
        this.ases.set(n.asn, { asn: n.asn, country: n.country, rir: n.rir ?? "arin", name: n.as_name });
      const up = n.upstream;
      if (up && !this.ases.has(up.asn))
        this.ases.set(up.asn, { asn: up.asn, country: up.country, rir: up.rir, name: up.as_name });
    }
  }

  /** The answer for a name under asn.cymru.com, or null for a name outside it. */
  lookup(name: string, type: string): CymruAnswer | null {
    if (name !== CYMRU_ZONE && !name.endsWith(`.${CYMRU_ZONE}`)) return null;
    const texts = this.texts(name.slice(0, -CYMRU_ZONE.length - 1));
    if (!texts.length) return { rcode: "NXDOMAIN", answers: [] };
    if (type !== "TXT" && type !== "ANY") return { rcode: "NOERROR", answers: [] };
    return { rcode: "NOERROR", answers: texts.map((t) => ({ name, type: "TXT", ttl: TTL, data: [t] })) };
  }

  private texts(label: string): string[] {
    const as = /^as(\d+)$/i.exec(label);
    if (as) {
      const e = this.ases.get(Number(as[1]));
      if (!e) return [];
      const allocated = allocationDate(`AS${e.asn}`);
      return [`${e.asn} | ${e.country} | ${REGISTRY[e.rir]} | ${allocated} | ${e.name}, ${e.country}`];
    }
    const m = /^(.+)\.(origin|origin6|peer)$/.exec(label);
    if (!m) return [];
    const version = m[2] === "origin6" ? 6 : 4;
    const ip = addressFromReversed(m[1]!, version);
    if (!ip) return [];
    // Announced prefixes only: a reassignment is routed inside its provider's prefix.
    const prefixes = new Map<string, NetworkBlock[]>();
    for (const b of this.table.holding(ip)) {
      if (b.network.parent) continue;
      const key = `${b.block.prefix}/${b.block.length}`;
      prefixes.set(key, [...(prefixes.get(key) ?? []), b]);
    }
    const out: string[] = [];
    for (const [prefix, blocks] of prefixes) {
      const n = blocks[0]!.network;
      const tail = `${prefix} | ${n.country} | ${REGISTRY[n.rir ?? "arin"]} | ${allocationDate(n.handle, n.allocated)}`;
      const asns = m[2] === "peer" ? blocks.flatMap((b) => (b.network.upstream ? [b.network.upstream.asn] : [])) : blocks.map((b) => b.network.asn); // prettier-ignore
      if (asns.length) out.push(`${[...new Set(asns)].join(" ")} | ${tail}`);
    }
    return out;
  }
}
