import type { Answer } from "dns-packet";
import type { Network } from "../scenario/schema.ts";
import { addressFromReversed, bigIntToIp, ipToBigInt, NetworkTable } from "../registry/ip-blocks.ts";

// Reverse DNS for the networks of providers that have a web site (`provider_domain`):
// <reversed>.in-addr.arpa (or the ip6.arpa nibbles) PTR host-N.<provider_domain>, N the
// address's offset in the network, and the forward A/AAAA of host-N back to the address, as
// hosting providers publish generic names for their customers' addresses. A product can go
// IP -> PTR -> provider domain -> https://<provider_domain>/.well-known/security.txt.

const TTL = 3600;

export interface ReverseAnswer {
  rcode: "NOERROR" | "NXDOMAIN";
  answers: Answer[];
}

export class ReverseNames {
  private readonly table: NetworkTable;

  constructor(networks: Network[]) {
    this.table = new NetworkTable(networks.filter((n) => n.provider_domain));
  }

  lookup(name: string, type: string): ReverseAnswer | null {
    const rev = /^(.+)\.(in-addr|ip6)\.arpa$/.exec(name);
    if (rev) {
      const ip = addressFromReversed(rev[1]!, rev[2] === "ip6" ? 6 : 4);
      const hit = ip ? this.table.holding(ip)[0] : undefined;
      if (!ip || !hit) return null; // not ours: the zone index says NXDOMAIN
      const offset = ipToBigInt(ip)!.value - hit.block.first;
      const target = `host-${offset}.${hit.network.provider_domain}`;
      if (type !== "PTR" && type !== "ANY") return { rcode: "NOERROR", answers: [] };
      return { rcode: "NOERROR", answers: [{ name, type: "PTR", ttl: TTL, data: target }] };
    }
    const fwd = /^host-(\d+)\.(.+)$/.exec(name);
    if (!fwd) return null;
    const blocks = this.table.all().filter((b) => b.network.provider_domain === fwd[2]);
    if (!blocks.length) return null;
    const answers: Answer[] = [];
    let exists = false;
    for (const b of blocks) {
      const value = b.block.first + BigInt(fwd[1]!);
      if (value > b.block.last) continue;
      exists = true;
      const rrType = b.block.version === 4 ? "A" : "AAAA";
      if (type === rrType || type === "ANY")
        answers.push({ name, type: rrType, ttl: TTL, data: bigIntToIp(value, b.block.version) });
    }
    return { rcode: exists ? "NOERROR" : "NXDOMAIN", answers };
  }
}
