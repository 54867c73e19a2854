import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { hashString } from "../scenario/prng.ts";
import type { Registration } from "./registrations.ts";

// The registries' daily zone files, as ICANN's Centralized Zone Data Service hands them out
// (https://czds.icann.org; the format is an RFC 1035 §5 master file): one gzip file per TLD,
// every owner name fully qualified and lower case, fields tab-separated, the apex SOA first and
// then its NS set, then each delegation's NS records (TTL 172800 as Verisign's .com file has them)
// and glue A records for name servers inside the zone, in no particular order. Only generic TLDs
// publish through CZDS: country-code registries keep their zones to themselves, so a .de or
// .co.uk registration never shows in a zone file (NRD lists and CT still see it).

const DELEGATION_TTL = 172800;

/** The registry name servers of a TLD's apex (Verisign's for com/net, the usual nic for others). */
function apexServers(tld: string): string[] {
  if (tld === "com" || tld === "net")
    return ["a.gtld-servers.net", "b.gtld-servers.net", "c.gtld-servers.net"];
  return [`a.nic.${tld}`, `b.nic.${tld}`];
}

/** Whether the TLD's zone is published (a generic TLD: not two letters). */
export const publishesZone = (tld: string) => !/^[a-z]{2}$/.test(tld) && !tld.startsWith("xn--");

export const tldOf = (domain: string) => domain.slice(domain.lastIndexOf(".") + 1);

/** One TLD's master file text (names in a stable, hash-scattered order, like a real dump). */
function zoneFileText(
  tld: string,
  names: readonly Registration[],
  opts: { serial: number; glue: (host: string) => string[] },
): string {
  const soaHost = tld === "com" || tld === "net" ? "nstld.verisign-grs.com" : `hostmaster.nic.${tld}`;
  const lines = [
    `${tld}.\t900\tin\tsoa\t${apexServers(tld)[0]}. ${soaHost}. ${opts.serial} 1800 900 604800 86400`,
    ...apexServers(tld).map((s) => `${tld}.\t${DELEGATION_TTL}\tin\tns\t${s}.`),
  ];
  const glued = new Set<string>();
  const ordered = [...names].sort((a, b) => hashString(a.domain) - hashString(b.domain));
  for (const r of ordered) {
    for (const ns of r.ns) lines.push(`${r.domain}.\t${DELEGATION_TTL}\tin\tns\t${ns}.`);
    for (const ns of r.ns)
      if (tldOf(ns) === tld && !glued.has(ns)) {
        glued.add(ns);
        for (const a of opts.glue(ns)) lines.push(`${ns}.\t${DELEGATION_TTL}\tin\ta\t${a}`);
      }
  }
  return lines.join("\n") + "\n";
}

/**
 * Writes every published TLD's zone as `<tld>.zone.gz` in `dir`, each replaced atomically (a
 * reader never sees half a file). Returns the files written.
 */
export async function writeZoneFiles(
  dir: string,
  registrations: readonly Registration[],
  opts: { serial: number; glue: (host: string) => string[] },
): Promise<string[]> {
  const byTld = new Map<string, Registration[]>();
  for (const r of registrations) {
    const tld = tldOf(r.domain);
    if (!publishesZone(tld)) continue;
    byTld.set(tld, [...(byTld.get(tld) ?? []), r]);
  }
  const written: string[] = [];
  for (const [tld, names] of [...byTld].sort(([a], [b]) => a.localeCompare(b))) {
    const path = join(dir, `${tld}.zone.gz`);
    await writeFile(`${path}.part`, gzipSync(zoneFileText(tld, names, opts)));
    await rename(`${path}.part`, path);
    written.push(path);
  }
  return written;
}
