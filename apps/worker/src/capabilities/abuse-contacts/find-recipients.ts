import type { TRecipientContact } from "@brandwarden/contract/browser/takedown-cases";
import type { DnsClient } from "../../ports/dns/dns.port.ts";
import type { HttpClient } from "../../ports/http/http.port.ts";
import type { RdapClient } from "../enrich/registration/rdap-client.ts";
import { parseRdapIp } from "../enrich/registration/rdap-parse.ts";
import { knownDesksFor, registryDeskFor } from "../provider-facts/abuse-desks.ts";
import { lookupCymru } from "./cymru.ts";
import { lookupNetworkAbuse, networkDesk } from "./network-abuse.ts";
import { lookupHostSecurityTxt } from "./security-txt.ts";

// A lookalike's recipients, each with where it came from: the registrar's abuse desk (from the
// registration the caller read), the host network's (IP RDAP), the CDN or shared host the site
// sits behind (known list, by origin AS from Team Cymru or by CNAME), the host's security.txt;
// and the next level up for escalation: the TLD's registry operator and the upstream network.

export interface RegistrarContact {
  name: string | null;
  email: string | null;
  source: "rdap" | "whois";
}

interface HostingFacts {
  ip: string | null;
  asn: number | null;
  as_name: string | null;
  prefix: string | null;
  upstream_asns: number[];
  network_organisation: string | null;
  network_abuse_email: string | null;
  /** Known CDNs and shared hosts the site sits behind. */
  providers: string[];
  security_txt: string | null;
}

export interface RecipientsFound {
  recipients: TRecipientContact[];
  escalation_contacts: TRecipientContact[];
  hosting: HostingFacts;
  /** The RDAP objects read for the address (network, parents, upstream autnum), for the evidence. */
  rdapRecords: { url: string; json: Record<string, unknown> }[];
}

export interface RecipientDeps {
  rdap: RdapClient;
  dns: DnsClient;
  http: HttpClient;
  now: () => Date;
}

const ROLE_ORDER = ["registrar", "hosting", "cdn", "registry", "platform"] as const;

/** One recipient per address (first wins), registrars first, then hosts, then CDNs. */
export function orderRecipients(list: TRecipientContact[]): TRecipientContact[] {
  const seen = new Set<string>();
  const unique = list.filter((r) => {
    const key = r.address.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique
    .map((r, i) => ({ r, i }))
    .sort((a, b) => ROLE_ORDER.indexOf(a.r.role) - ROLE_ORDER.indexOf(b.r.role) || a.i - b.i)
    .map(({ r }) => r);
}

const emailChannel = (address: string): "form" | "email" =>
  address.startsWith("https://") ? "form" : "email";

export async function findRecipients(
  input: { domain: string; registrar: RegistrarContact | null; ip: string | null; hosts: string[] },
  deps: RecipientDeps,
): Promise<RecipientsFound> {
  const found: TRecipientContact[] = [];
  const escalation: TRecipientContact[] = [];
  const rdapRecords: RecipientsFound["rdapRecords"] = [];
  const { registrar, ip } = input;
  if (registrar?.email)
    found.push({ role: "registrar", organisation: registrar.name ?? "Registrar", address: registrar.email, channel: "email", source: registrar.source }); // prettier-ignore

  const [network, cymru, securityTxt] = ip
    ? await Promise.all([
        lookupNetworkAbuse(deps.rdap, ip),
        lookupCymru(deps.dns, ip),
        lookupHostSecurityTxt(deps, ip, deps.now()).catch(() => null),
      ])
    : [null, null, null];
  rdapRecords.push(...(network?.records ?? []));
  // BGP's origin (Cymru); else the origin AS some RIRs put on the network (ARIN's originautnums).
  const rdapAsn = network?.records[0] ? parseRdapIp(network.records[0].json).asn : null;
  const asns = cymru?.origin?.asns ?? (rdapAsn !== null ? [rdapAsn] : []);
  const organisation = network?.organisation ?? cymru?.asName ?? null;
  if (network?.email)
    found.push({ role: "hosting", organisation: organisation ?? "Hosting provider", address: network.email, channel: "email", source: "rdap" }); // prettier-ignore
  const desks = knownDesksFor(asns, input.hosts);
  for (const d of desks)
    found.push({ role: d.role, organisation: d.organisation, address: d.address, channel: d.channel, source: "known-provider" }); // prettier-ignore
  if (securityTxt) {
    const address = securityTxt.emails[0] ?? securityTxt.urls[0]!;
    found.push({ role: "hosting", organisation: organisation ?? securityTxt.domain, address, channel: emailChannel(address), source: "security.txt" }); // prettier-ignore
  }

  const registry = registryDeskFor(input.domain);
  if (registry)
    escalation.push({ role: "registry", organisation: registry.organisation, address: registry.address, channel: registry.channel, source: "known-provider" }); // prettier-ignore
  const upstream = cymru?.peers[0];
  if (upstream !== undefined && deps.rdap.autnum) {
    const autnum = await deps.rdap.autnum(upstream).catch(() => null);
    const desk = autnum ? networkDesk(autnum.json) : null;
    if (autnum) rdapRecords.push(autnum);
    if (desk?.email)
      escalation.push({ role: "hosting", organisation: desk.organisation ?? `AS${upstream}`, address: desk.email, channel: "email", source: "rdap" }); // prettier-ignore
  }

  return {
    recipients: orderRecipients(found),
    escalation_contacts: orderRecipients(escalation),
    rdapRecords,
    hosting: {
      ip,
      asn: asns[0] ?? null,
      as_name: cymru?.asName ?? null,
      prefix: cymru?.origin?.prefix ?? null,
      upstream_asns: cymru?.peers ?? [],
      network_organisation: organisation,
      network_abuse_email: network?.email ?? null,
      providers: desks.map((d) => d.organisation),
      security_txt: securityTxt?.url ?? null,
    },
  };
}
