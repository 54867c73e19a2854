import { domainToUnicode } from "node:url";
import type { DomainEntry } from "../scenario/schema.ts";
import { hashString } from "../scenario/prng.ts";
import type { NetworkRange } from "./registry-index.ts";

// RDAP responses (RFC 9083) shaped like the registries' and ARIN's. Domains: the ICANN gTLD
// response profile (Verisign, as in apps/worker/samples/rdap/whoisit/domain1.json) by default;
// AFNIC's shape for .fr (samples/rdap/icann-rdap/lemonde.fr.json: the registrar entity is also
// "sponsor", with its own e-mail and no abuse entity) and CZ.NIC's for .cz
// (samples/rdap/openrdap/domain-example.cz.json: entities named by handle only, dates with an
// offset).

type Json = Record<string, unknown>;

const vcard = (...props: unknown[][]) => ["vcard", [["version", {}, "text", "4.0"], ...props]];

// EPP status codes become RDAP's spaced lowercase form (RFC 8056).
function rdapStatus(epp: string): string {
  return epp.replace(/([A-Z])/g, " $1").toLowerCase();
}

const selfLink = (href: string) => ({ value: href, rel: "self", href, type: "application/rdap+json" });

export function domainRdap(d: DomainEntry, base: string, now: Date): Json {
  const tld = d.domain.split(".").pop()!.toLowerCase();
  if (tld === "fr") return afnicDomain(d, base);
  if (tld === "cz") return cznicDomain(d, base);
  return gtldDomain(d, base, now);
}

const frHandle = (d: DomainEntry, prefix: string) => `${prefix}${hashString(d.domain) % 100_000}-FRNIC`;

function afnicDomain(d: DomainEntry, base: string): Json {
  const r = d.registration;
  return {
    rdapConformance: ["rdap_level_0", "icann_rdap_technical_implementation_guide_0", "icann_rdap_response_profile_0"], // prettier-ignore
    objectClassName: "domain",
    handle: `DOM${String(hashString(d.domain)).padStart(12, "0")}-FRNIC`,
    ldhName: d.domain,
    links: [selfLink(`${base}domain/${d.domain}`)],
    events: [
      { eventAction: "registration", eventDate: r.created },
      { eventAction: "expiration", eventDate: r.expires },
      { eventAction: "last changed", eventDate: r.updated },
    ],
    status: r.status.map(rdapStatus),
    entities: [
      {
        objectClassName: "entity",
        handle: frHandle(d, "RAR"),
        roles: ["sponsor", "registrar"],
        publicIds: [{ type: "IANA Registrar ID", identifier: String(r.registrar_iana_id) }],
        vcardArray: vcard(["fn", {}, "text", r.registrar], ["tel", {}, "text", r.abuse_phone], ["email", {}, "text", r.abuse_email]), // prettier-ignore
      },
      {
        objectClassName: "entity",
        handle: frHandle(d, "H"),
        roles: ["registrant"],
        vcardArray: vcard(["fn", {}, "text", r.privacy ? "" : (r.registrant_org ?? "")], ["org", {}, "text", r.privacy ? "" : (r.registrant_org ?? "")]), // prettier-ignore
        ...(r.privacy ? { remarks: [{ title: "REDACTED FOR PRIVACY", description: ["Data restricted by the registrant."] }] } : {}), // prettier-ignore
      },
    ],
    nameservers: d.dns.ns.map((ns) => ({ objectClassName: "nameserver", ldhName: ns })),
  };
}

function cznicDomain(d: DomainEntry, base: string): Json {
  const r = d.registration;
  const offset = (t: string) => new Date(t).toISOString().replace(/\.\d+Z$/, "+00:00");
  return {
    rdapConformance: ["rdap_level_0", "fred_version_0"],
    objectClassName: "domain",
    handle: d.domain,
    ldhName: d.domain,
    links: [selfLink(`${base}domain/${d.domain}`)],
    entities: [
      { objectClassName: "entity", handle: `SB:${hashString(d.domain)}`, roles: ["registrant"] },
      { objectClassName: "entity", handle: `REG-${r.registrar.replace(/[^A-Za-z0-9]/g, "").slice(0, 12).toUpperCase()}`, roles: ["registrar"] }, // prettier-ignore
    ],
    events: [
      { eventAction: "registration", eventDate: offset(r.created) },
      { eventAction: "expiration", eventDate: offset(r.expires) },
    ],
    status: ["active"],
    nameservers: d.dns.ns.map((ns) => ({ objectClassName: "nameserver", ldhName: ns })),
  };
}

function gtldDomain(d: DomainEntry, base: string, now: Date): Json {
  const r = d.registration;
  const tld = d.domain.split(".").pop()!.toUpperCase();
  const unicode = domainToUnicode(d.domain);
  const redacted = r.privacy || !r.registrant_org;
  return {
    rdapConformance: [
      "rdap_level_0",
      "icann_rdap_response_profile_0",
      "icann_rdap_technical_implementation_guide_0",
    ],
    objectClassName: "domain",
    handle: `${hashString(d.domain)}_DOMAIN_${tld}-VRSN`,
    ldhName: d.domain.toUpperCase(),
    ...(unicode !== d.domain ? { unicodeName: unicode } : {}),
    links: [selfLink(`${base}domain/${d.domain}`)],
    status: r.status.map(rdapStatus),
    entities: [
      {
        objectClassName: "entity",
        handle: String(r.registrar_iana_id),
        roles: ["registrar"],
        publicIds: [{ type: "IANA Registrar ID", identifier: String(r.registrar_iana_id) }],
        vcardArray: vcard(["fn", {}, "text", r.registrar]),
        links: r.registrar_url
          ? [{ value: r.registrar_url, rel: "about", href: r.registrar_url, type: "text/html" }]
          : [],
        entities: [
          {
            objectClassName: "entity",
            roles: ["abuse"],
            vcardArray: vcard(
              ["fn", {}, "text", ""],
              ["tel", { type: "voice" }, "uri", `tel:${r.abuse_phone}`],
              ["email", {}, "text", r.abuse_email],
            ),
          },
        ],
      },
      {
        objectClassName: "entity",
        roles: ["registrant"],
        vcardArray: vcard(
          ["fn", {}, "text", redacted ? "REDACTED FOR PRIVACY" : r.registrant_org],
          ["org", {}, "text", r.registrant_org ?? "REDACTED FOR PRIVACY"],
          ["adr", { cc: r.registrant_country ?? "" }, "text", ["", "", "", "", "", "", ""]],
        ),
        ...(redacted
          ? { remarks: [{ title: "REDACTED FOR PRIVACY", type: "object redacted due to authorization", description: ["Some of the data in this object has been removed."] }] } // prettier-ignore
          : {}),
      },
    ],
    events: [
      { eventAction: "registration", eventDate: r.created },
      { eventAction: "expiration", eventDate: r.expires },
      { eventAction: "last changed", eventDate: r.updated },
      { eventAction: "last update of RDAP database", eventDate: now.toISOString() },
    ],
    secureDNS: { delegationSigned: false },
    nameservers: d.dns.ns.map((ns) => ({ objectClassName: "nameserver", ldhName: ns.toUpperCase() })),
    notices: [
      {
        title: "Terms of Use",
        description: ["Service subject to Terms of Use."],
        links: [{ href: "https://www.verisign.com/domain-names/registration-data-access-protocol/terms-service/index.xhtml", type: "text/html" }], // prettier-ignore
      },
    ],
  };
}

export function ipRdap(n: NetworkRange, base: string, query: string): Json {
  const orgHandle =
    n.owner
      .replace(/[^A-Za-z]/g, "")
      .slice(0, 8)
      .toUpperCase() + "-1";
  return {
    rdapConformance: ["rdap_level_0", "cidr0", "arin_originas0"],
    objectClassName: "ip network",
    handle: n.handle,
    startAddress: n.start,
    endAddress: n.end,
    ipVersion: "v4",
    name: n.name,
    type: "DIRECT ALLOCATION",
    country: n.country,
    parentHandle: "NET-127-0-0-0-0",
    status: ["active"],
    cidr0_cidrs: [{ v4prefix: n.prefix, length: n.length }],
    arin_originas0_originautnums: [n.asn],
    remarks: [{ title: "Origin AS", description: [`AS${n.asn} ${n.as_name}`] }],
    links: [selfLink(`${base}ip/${query}`)],
    events: [
      { eventAction: "registration", eventDate: "2012-03-14T00:00:00Z" },
      { eventAction: "last changed", eventDate: "2023-11-02T00:00:00Z" },
    ],
    entities: [
      {
        objectClassName: "entity",
        handle: orgHandle,
        roles: ["registrant"],
        vcardArray: vcard(["fn", {}, "text", n.owner], ["kind", {}, "text", "org"]),
      },
      {
        objectClassName: "entity",
        handle: `ABUSE-${orgHandle}`,
        roles: ["abuse"],
        vcardArray: vcard(
          ["fn", {}, "text", `${n.owner} Abuse`],
          ["kind", {}, "text", "group"],
          ["email", {}, "text", n.abuse_email],
          ["tel", { type: ["work", "voice"] }, "text", n.abuse_phone],
        ),
      },
    ],
  };
}

export function rdapError(code: number, title: string, description: string): Json {
  return { rdapConformance: ["rdap_level_0"], errorCode: code, title, description: [description] };
}
