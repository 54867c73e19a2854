import type { DomainEntry } from "../scenario/schema.ts";
import { whoisFormatFor, whoisNotFound } from "./whois-formats.ts";
import type { NetworkRange } from "./registry-index.ts";

// Port-43 answers: domains in the layout of the registry that runs the TLD (whois-formats.ts),
// networks in ARIN's layout.

const z = (iso: string) => iso.replace(/\.\d+Z$/, "Z");

export function domainWhois(d: DomainEntry, now: Date): string {
  return whoisFormatFor(d.domain)(d, now).join("\r\n") + "\r\n";
}

export function networkWhois(n: NetworkRange): string {
  const org =
    n.owner
      .replace(/[^A-Za-z]/g, "")
      .slice(0, 8)
      .toUpperCase() + "-1";
  return [
    `NetRange:       ${n.start} - ${n.end}`,
    `CIDR:           ${n.prefix}/${n.length}`,
    `NetName:        ${n.name}`,
    `NetHandle:      ${n.handle}`,
    "Parent:         NET-127-0-0-0-0",
    "NetType:        Direct Allocation",
    `OriginAS:       AS${n.asn}`,
    `Organization:   ${n.owner} (${org})`,
    "RegDate:        2012-03-14",
    "Updated:        2023-11-02",
    "",
    `OrgName:        ${n.owner}`,
    `OrgId:          ${org}`,
    `Country:        ${n.country}`,
    "",
    `OrgAbuseHandle: ABUSE-${org}`,
    `OrgAbuseName:   ${n.owner} Abuse`,
    `OrgAbusePhone:  ${n.abuse_phone}`,
    `OrgAbuseEmail:  ${n.abuse_email}`,
    "",
  ].join("\r\n");
}

export function noMatch(query: string, now: Date): string {
  return `No match for "${query.toUpperCase()}".\r\n>>> Last update of whois database: ${z(now.toISOString())} <<<\r\n`;
}

/** A domain the registries do not hold, in the wording of the TLD's registry. */
export function domainNoMatch(name: string, now: Date): string {
  return whoisNotFound(name, now).join("\r\n") + "\r\n";
}
