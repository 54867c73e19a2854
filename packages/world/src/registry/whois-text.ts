import type { DomainEntry } from "../scenario/schema.ts";
import { hashString } from "../scenario/prng.ts";
import type { NetworkRange } from "./registry-index.ts";

// Port-43 answers in the thin-registry layout Verisign uses, with the registrant block a
// registrar's thick WHOIS adds, and ARIN's layout for networks.

const z = (iso: string) => iso.replace(/\.\d+Z$/, "Z");

export function domainWhois(d: DomainEntry, now: Date): string {
  const r = d.registration;
  const tld = d.domain.split(".").pop()!.toUpperCase();
  const host = (r.registrar_url || "").replace(/^https?:\/\/(www\.)?/, "").replace(/\/.*$/, "");
  const lines = [
    `Domain Name: ${d.domain.toUpperCase()}`,
    `Registry Domain ID: ${hashString(d.domain)}_DOMAIN_${tld}-VRSN`,
    `Registrar WHOIS Server: ${host ? `whois.${host}` : ""}`,
    `Registrar URL: ${r.registrar_url}`,
    `Updated Date: ${z(r.updated)}`,
    `Creation Date: ${z(r.created)}`,
    `Registry Expiry Date: ${z(r.expires)}`,
    `Registrar: ${r.registrar}`,
    `Registrar IANA ID: ${r.registrar_iana_id}`,
    `Registrar Abuse Contact Email: ${r.abuse_email}`,
    `Registrar Abuse Contact Phone: ${r.abuse_phone}`,
    ...r.status.map((s) => `Domain Status: ${s} https://icann.org/epp#${s}`),
    `Registrant Organization: ${r.privacy ? r.registrant_org || "REDACTED FOR PRIVACY" : (r.registrant_org ?? "")}`,
    `Registrant Country: ${r.registrant_country ?? ""}`,
    ...(r.privacy ? ["Registrant Email: Please query the RDDS service of the Registrar of Record identified in this output for information on how to contact the Registrant"] : []), // prettier-ignore
    ...d.dns.ns.map((ns) => `Name Server: ${ns.toUpperCase()}`),
    "DNSSEC: unsigned",
    "URL of the ICANN Whois Inaccuracy Complaint Form: https://www.icann.org/wicf/",
    `>>> Last update of whois database: ${z(now.toISOString())} <<<`,
  ];
  return lines.map((l) => (l.startsWith(">>>") ? l : `   ${l}`)).join("\r\n") + "\r\n";
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
