import { allDomains, type DomainEntry, type Network, type Scenario } from "../scenario/schema.ts";
import { registrableDomain } from "../scenario/typos.ts";
import { NetworkTable } from "./ip-blocks.ts";

// What the registries know: domains by name (a subdomain lookalike like acme.bank.com is
// registered as bank.com) and hosting networks by address.

function ipToInt(ip: string): number | null {
  const parts = ip.split(".").map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return null;
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

function intToIp(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
}

export interface NetworkRange extends Network {
  start: string;
  end: string;
  prefix: string;
  length: number;
}

export class RegistryIndex {
  private readonly domains = new Map<string, DomainEntry>();
  private readonly ranges: { from: number; to: number; net: NetworkRange }[] = [];
  private readonly rdapMissing: Set<string>;
  private readonly networkTable: NetworkTable;

  constructor(scenario: Scenario) {
    this.networkTable = NetworkTable.of(scenario);
    this.rdapMissing = new Set(scenario.rdap_missing_tlds ?? []);
    for (const d of allDomains(scenario)) {
      this.domains.set(d.domain, d);
      const reg = registrableDomain(d.domain);
      if (reg !== d.domain && !this.domains.has(reg)) this.domains.set(reg, { ...d, domain: reg });
    }
    for (const n of scenario.networks) {
      const [prefix, len] = n.cidr.split("/");
      const length = Number(len);
      const base = ipToInt(prefix!)!;
      const size = 2 ** (32 - length);
      const from = base - (base % size);
      const net = {
        ...n,
        start: intToIp(from),
        end: intToIp(from + size - 1),
        prefix: intToIp(from),
        length,
      };
      this.ranges.push({ from, to: from + size - 1, net });
    }
    // Most specific first.
    this.ranges.sort((a, b) => a.to - a.from - (b.to - b.from));
  }

  domain(name: string): DomainEntry | null {
    return this.domains.get(name.toLowerCase().replace(/\.$/, "")) ?? null;
  }

  network(ip: string): NetworkRange | null {
    const n = ipToInt(ip);
    if (n === null) return null;
    return this.ranges.find((r) => n >= r.from && n <= r.to)?.net ?? null;
  }

  /** Every network, IPv4 and IPv6, by address, handle and AS (the RIRs' view). */
  networks(): NetworkTable {
    return this.networkTable;
  }

  // Top-level labels the registries serve (for the RDAP bootstrap file).
  tlds(): string[] {
    return [...new Set([...this.domains.keys()].map((d) => d.split(".").pop()!))].sort();
  }

  // Top-level labels the RDAP bootstrap lists (the rest are WHOIS-only).
  rdapTlds(): string[] {
    return this.tlds().filter((t) => !this.rdapMissing.has(t));
  }

  static isIp(text: string): boolean {
    return ipToInt(text) !== null;
  }
}
