import type { Network, Rir } from "../scenario/schema.ts";
import { RIRS } from "../scenario/schema.ts";
import { parseCidr, type NetworkBlock, type NetworkTable } from "./ip-blocks.ts";
import { rirAutnumRdap, rirNetworkRdap, type AutnumInput } from "./rir-rdap.ts";

// The five RIRs' RDAP services inside the world's RDAP server: the bootstrap files point each
// network of a scenario that names its `rir` (and each AS) at `<base>rir/<rir>/`, which answers
// /ip/<address>[/<len>] and /autnum/<n> in that RIR's layout (rir-rdap.ts). Networks without
// an RIR keep the world's generic answer under 127.0.0.0/8.

type Services = [string[], string[]][];

const rirBase = (base: string, rir: Rir) => `${base}rir/${rir}/`;

/** The bootstrap services (RFC 9224) for ipv4.json or ipv6.json. */
export function ipBootstrap(
  table: NetworkTable,
  version: 4 | 6,
  base: string,
  defaultBase: string,
): Services {
  const services: Services = version === 4 ? [[["127.0.0.0/8"], [defaultBase]]] : [];
  const generic: string[] = [];
  const byRir = new Map<Rir, string[]>();
  for (const b of table.all()) {
    if (b.block.version !== version) continue;
    const cidr = `${b.block.prefix}/${b.block.length}`;
    if (b.network.rir) byRir.set(b.network.rir, [...(byRir.get(b.network.rir) ?? []), cidr]);
    else if (version === 6) generic.push(cidr);
  }
  if (generic.length) services.push([generic, [defaultBase]]);
  for (const rir of RIRS) if (byRir.get(rir)) services.push([byRir.get(rir)!, [rirBase(base, rir)]]);
  return services;
}

/** Every AS the scenario knows (hosting networks and their upstreams), with its abuse contact. */
export function autnums(networks: Network[]): Map<number, AutnumInput> {
  const out = new Map<number, AutnumInput>();
  for (const n of networks) {
    // A reassignment's AS is its provider's; the provider's network speaks for it.
    if (!n.parent && !out.has(n.asn))
      out.set(n.asn, { rir: n.rir ?? "arin", asn: n.asn, as_name: n.as_name, owner: n.owner, country: n.country, abuse_email: n.abuse_email }); // prettier-ignore
    const u = n.upstream;
    if (u && !out.has(u.asn))
      out.set(u.asn, { rir: u.rir, asn: u.asn, as_name: u.as_name, owner: u.owner, country: u.country, abuse_email: u.abuse_email }); // prettier-ignore
  }
  return out;
}

/** asn.json: each AS ("n-n") at its RIR's base; ASes of networks without an RIR at the default. */
export function asnBootstrap(networks: Network[], base: string, defaultBase: string): Services {
  const byBase = new Map<string, string[]>();
  for (const [asn, a] of autnums(networks)) {
    const named = networks.some((n) => (n.asn === asn && n.rir) || n.upstream?.asn === asn);
    const at = named ? rirBase(base, a.rir) : defaultBase;
    byBase.set(at, [...(byBase.get(at) ?? []), `${asn}-${asn}`]);
  }
  return [...byBase].map(([at, ranges]) => [ranges, [at]]);
}

/** The network a query names: with a length, the most specific one holding that whole block. */
export function networkFor(table: NetworkTable, address: string, length?: number): NetworkBlock | null {
  if (length === undefined) return table.holding(address)[0] ?? null;
  const q = parseCidr(`${address}/${length}`);
  return (
    table
      .all()
      .find((b) => b.block.version === q.version && b.block.first <= q.first && b.block.last >= q.last) ??
    null
  );
}

/** The answer of one RIR's base for /ip/... or /autnum/..., or null when that RIR has no such object. */
export function rirAnswer(
  rir: Rir,
  rest: string,
  table: NetworkTable,
  base: string,
): { status: number; body: Record<string, unknown> } | null {
  const at = rirBase(base, rir);
  const ip = /^ip\/([0-9a-fA-F.:]+)(?:\/(\d+))?$/.exec(rest);
  if (ip) {
    const hit = networkFor(table, ip[1]!, ip[2] === undefined ? undefined : Number(ip[2]));
    if (!hit || hit.network.rir !== rir) return null;
    const parentNet = hit.network.parent ? table.byHandle(hit.network.parent) : null;
    const parentBlock = parentNet ? table.blocksOf(parentNet).find((b) => b.block.version === hit.block.version) : undefined; // prettier-ignore
    const parent = parentNet && parentBlock ? { network: parentNet, block: parentBlock.block } : null;
    const query = ip[2] ? `${ip[1]}/${ip[2]}` : ip[1]!;
    return {
      status: 200,
      body: rirNetworkRdap({ rir, network: hit.network, block: hit.block, parent }, at, query),
    };
  }
  const as = /^autnum\/(\d+)$/.exec(rest);
  if (as) {
    const a = autnums(table.networks).get(Number(as[1]));
    return a && a.rir === rir ? { status: 200, body: rirAutnumRdap(a, at) } : null;
  }
  return null;
}
