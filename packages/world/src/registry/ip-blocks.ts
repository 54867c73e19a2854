import net from "node:net";
import { hashString } from "../scenario/prng.ts";
import type { Network, Scenario } from "../scenario/schema.ts";

// Address arithmetic for IPv4 and IPv6 on one footing (BigInt), and the scenario's networks
// as blocks: which networks hold an address (most specific first), by handle and by AS.

export type IpVersion = 4 | 6;

export interface IpBlock {
  version: IpVersion;
  first: bigint;
  last: bigint;
  prefix: string; // the block's first address, canonical text
  length: number;
}

function v6ToBigInt(ip: string): bigint {
  let text = ip;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = v4ToBigInt(v4[1]!);
    text = text.slice(0, v4.index) + `${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || "0", 16)), 0n);
}

function v4ToBigInt(ip: string): bigint {
  return ip.split(".").reduce((acc, p) => (acc << 8n) | BigInt(Number(p)), 0n);
}

/** An address as a number, or null when the text is not an IP address. */
export function ipToBigInt(ip: string): { version: IpVersion; value: bigint } | null {
  if (net.isIPv4(ip)) return { version: 4, value: v4ToBigInt(ip) };
  if (net.isIPv6(ip)) return { version: 6, value: v6ToBigInt(ip) };
  return null;
}

export function bigIntToIp(value: bigint, version: IpVersion): string {
  if (version === 4) return [24n, 16n, 8n, 0n].map((s) => String((value >> s) & 255n)).join(".");
  const groups = [...Array(8).keys()].map((i) => ((value >> BigInt((7 - i) * 16)) & 0xffffn).toString(16));
  // Canonical text (RFC 5952): the longest run of zero groups (two or more) becomes "::".
  let best = { at: -1, len: 0 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === "0") j++;
    if (j - i > best.len) best = { at: i, len: j - i };
    i = j === i ? i + 1 : j;
  }
  if (best.len < 2) return groups.join(":");
  return `${groups.slice(0, best.at).join(":")}::${groups.slice(best.at + best.len).join(":")}`;
}

export function parseCidr(cidr: string): IpBlock {
  const [addr, len] = cidr.split("/");
  const ip = ipToBigInt(addr!);
  if (!ip) throw new Error(`not a CIDR block: ${cidr}`);
  const bits = ip.version === 4 ? 32 : 128;
  const length = Number(len);
  const size = 1n << BigInt(bits - length);
  const first = ip.value - (ip.value % size);
  return {
    version: ip.version,
    first,
    last: first + size - 1n,
    prefix: bigIntToIp(first, ip.version),
    length,
  };
}

/** The address a reversed name stands for (labels before the suffix), or null. */
export function addressFromReversed(labels: string, version: IpVersion): string | null {
  const parts = labels.split(".");
  if (version === 4) {
    if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
    return parts.reverse().join(".");
  }
  if (parts.length !== 32 || parts.some((p) => !/^[0-9a-f]$/.test(p))) return null;
  return bigIntToIp(BigInt(`0x${parts.reverse().join("")}`), 6);
}

/** The allocation date RIRs publish; a stable one for a network or AS the scenario gives none for for a network or AS the scenario gives none for. */
export function allocationDate(seed: string, given?: string): string {
  if (given) return given;
  const h = hashString(seed);
  const year = 1995 + (h % 25);
  const month = 1 + ((h >>> 5) % 12);
  const day = 1 + ((h >>> 9) % 28);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export interface NetworkBlock {
  network: Network;
  block: IpBlock;
}

/** The scenario's networks by address (IPv4 `cidr` and IPv6 `cidr6`), handle and AS. */
export class NetworkTable {
  private readonly blocks: NetworkBlock[] = [];

  constructor(readonly networks: Network[]) {
    for (const n of networks) {
      this.blocks.push({ network: n, block: parseCidr(n.cidr) });
      if (n.cidr6) this.blocks.push({ network: n, block: parseCidr(n.cidr6) });
    }
    // Most specific first.
    this.blocks.sort((a, b) => (a.block.last - a.block.first < b.block.last - b.block.first ? -1 : 1));
  }

  static of(s: Scenario): NetworkTable {
    return new NetworkTable(s.networks);
  }

  /** Every network holding the address, most specific first. */
  holding(ip: string): NetworkBlock[] {
    const a = ipToBigInt(ip);
    if (!a) return [];
    return this.blocks.filter(
      (b) => b.block.version === a.version && a.value >= b.block.first && a.value <= b.block.last,
    );
  }

  byHandle(handle: string): Network | null {
    return this.networks.find((n) => n.handle === handle) ?? null;
  }

  blocksOf(n: Network): NetworkBlock[] {
    return this.blocks.filter((b) => b.network === n);
  }

  all(): NetworkBlock[] {
    return this.blocks;
  }
}
