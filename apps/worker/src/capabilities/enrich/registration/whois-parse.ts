import { isPrivacyText, type NetworkInfo, type RegistrationInfo } from "./rdap-parse.ts";
import { parseWhoisDate } from "./whois-dates.ts";
import { whoisEntries, type WhoisEntry } from "./whois-records.ts";

// Port-43 WHOIS text to the same fields as RDAP (pure). The labels are those the registries in
// apps/worker/samples/whois/ print (ICANN format, Verisign, JPRS, Nominet, DENIC, AFNIC, SIDN,
// CZ.NIC, Ru-Center, CNNIC, TWNIC, KISA and the other ccTLDs). Of the entries under a field's
// labels, the first in the answer wins: registries print the domain's own block before contacts'.

const LABELS = {
  registrar: ["registrar", "registrar name", "sponsoring registrar", "registrar organization", "registrar organisation", "registration service provider", "authorized agency", "registrar of record", "current registar", "current registrar", "domain registrar", "registrar-name"], // prettier-ignore
  created: ["creation date", "created", "created on", "created date", "registered", "registered on", "registered date", "registration date", "registration time", "domain registered", "domain created", "record created", "domain record activated", "first registration date", "activated", "domain name commencement date", "assigned", "fecha de creación", "fecha de registro", "domain dateregistered", "data de criação", "data registrazione"], // prettier-ignore
  updated: ["updated date", "last updated", "last updated on", "last modified", "changed", "last update", "modified", "last-update", "domain record last updated", "record last updated", "updated", "domain datelastmodified", "ultima actualización"], // prettier-ignore
  expires: ["registry expiry date", "registrar registration expiration date", "expiry date", "expiration date", "expires", "expires on", "expire", "expire date", "expiration time", "paid-till", "valid until", "validity", "renewal date", "domain expires", "record expires", "record will expire", "exp date", "expire-date", "domain datebilleduntil", "fecha de vencimiento", "fecha de expiración", "data de expiração"], // prettier-ignore
  nameServers: [
    "name server",
    "name servers",
    "nameserver",
    "nameservers",
    "nserver",
    "domain servers in listed order",
    "domain name servers",
    "domain nameservers",
    "name servers information",
    "dns servers",
    "host name",
    "hostname",
    "primary server",
    "secondary server",
    /^ns name \d+$/,
    /^ns\d*$/,
  ],
  // .rs prints "DNS: ns1.google.com - 216.239.32.10"; .dk "DNS:" beside its "Hostname:" lines.
  nameServersElse: ["dns"],
  status: ["domain status", "status", "state"],
  registrant: ["registrant organization", "registrant organisation", "registrant name", "registrant", "org", "holder", "owner", "organization"], // prettier-ignore
  abuseEmail: ["registrar abuse contact email", "abuse contact email", "abuse-email"],
  abusePhone: ["registrar abuse contact phone", "abuse contact phone"],
} satisfies Record<string, (string | RegExp)[]>;

// Sections that describe a contact or the registrar, not the domain: their "created:" or
// "name:" are someone else's.
const OTHER_PARTY = /registrant|admin|tech|billing|contact|holder|owner|registrar|person|zone-c|titular/;
const REGISTRAR_SECTION = /^(sponsoring )?registrar( information| details)?$/;
const NAME_IN_SECTION = [
  "name",
  "organization",
  "organisation",
  "organization name",
  "registrar name",
  "registrar",
  "company",
];
// A handle rather than a name: "REG-MOJEID", "ACTI-0024", "ua.markmonitor".
const HANDLE = /^[\w.]+(-[\w.]+)*$/;

const HOST = /^(?=.{4,253}$)([a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\.?$/i;

const matches = (label: string | RegExp, key: string) =>
  typeof label === "string" ? label === key : label.test(key);

// Labels only the domain has, whichever section they stand in (HKIRC prints its dates among the
// registrant's fields).
const DOMAIN_ONLY = /domain|expiry date/;

/** The values under any of `labels`, in the order they stand in the answer. */
function values(entries: WhoisEntry[], labels: readonly (string | RegExp)[]): string[] {
  return entries
    .filter(
      (e) =>
        (!OTHER_PARTY.test(e.section) || DOMAIN_ONLY.test(e.key)) && labels.some((l) => matches(l, e.key)),
    ) // prettier-ignore
    .map((e) => e.value.trim())
    .filter(Boolean);
}

function first(entries: WhoisEntry[], labels: readonly (string | RegExp)[]): string | null {
  return values(entries, labels)[0] ?? null;
}

function registrarName(entries: WhoisEntry[]): string | null {
  const inSection = entries.find(
    (e) => REGISTRAR_SECTION.test(e.section) && NAME_IN_SECTION.includes(e.key) && e.value,
  );
  if (inSection) return inSection.value;
  const at = entries.findIndex((e) => e.section === "" && LABELS.registrar.includes(e.key) && e.value.trim()); // prettier-ignore
  if (at < 0) return null;
  let name = entries[at]!.value.trim();
  if (HANDLE.test(name)) {
    // A handle, named where it stands again with its name on the next line: .sk and .ua
    // "Registrar: ACTI-0024" / "Name: ACTIVE 24, s.r.o.".
    const named = entries.find((e, i) => {
      const next = entries[i + 1];
      return e.value.trim() === name && LABELS.registrar.includes(e.key) && next?.block === e.block && next.key !== e.key && NAME_IN_SECTION.includes(next.key) && !!next.value.trim(); // prettier-ignore
    });
    if (named) name = entries[entries.indexOf(named) + 1]!.value.trim();
  }
  if (/^no registrar listed/i.test(name)) return null; // Nominet, for names it holds itself
  // "NETPLANET GmbH ( https://nic.at/registrar/597 )", "Megazone(http://HOSTING.KR)"
  return name.replace(/\s*\(\s*https?:\/\/[^)]*\)\s*$/i, "").trim() || null;
}

function date(entries: WhoisEntry[], labels: readonly string[]): string | null {
  for (const v of values(entries, labels)) {
    const d = parseWhoisDate(v);
    if (d) return d;
  }
  return null;
}

function nameServers(entries: WhoisEntry[]): string[] {
  const listed = values(entries, LABELS.nameServers);
  const found = (listed.length ? listed : values(entries, LABELS.nameServersElse)).flatMap((v) =>
    v
      .split(/[\s,]+/)
      .filter((t) => HOST.test(t))
      .map((t) => t.replace(/\.$/, "").toLowerCase()),
  );
  return [...new Set(found)];
}

function statuses(entries: WhoisEntry[]): string[] | null {
  const list = values(entries, LABELS.status)
    .flatMap((v) => v.split(","))
    .map((s) => s.trim().split(/\s+/)[0]!)
    .filter(Boolean);
  return list.length ? list : null;
}

// How the registries in apps/worker/samples/whois/likexian-notfound/ say a name is not registered.
const NO_MATCH = new RegExp(
  "^[\\s%#*>]*(" +
    [
      String.raw`no match`, String.raw`.*/\s*no match`, String.raw`not found`, String.raw`no found`,
      String.raw`no entries found`, String.raw`no data found`, String.raw`domain not found`,
      String.raw`status:\s*(free|available)`, String.raw`domain status:\s*no object found`,
      String.raw`no object found`, String.raw`(the queried )?object does not exist`, String.raw`no such domain`,
      String.raw`nothing found`, String.raw`invalid query or domain name not known`,
      String.raw`(the |this )?domain( name)? (is|has) not (been )?registered`, String.raw`error:\d+: domain is not registered`,
      String.raw`the requested domain was not found`, String.raw`domain "[^"]+" not found`, String.raw`\S+ is free\s*$`,
      String.raw`domain \S+ is available for registration`, String.raw`query_status: 2\d\d available`, String.raw`no information available about domain name`,
      String.raw`this query returned 0 objects`, String.raw`not available for (second level )?registration`,
    ].join("|") +
    ")",
  "im",
); // prettier-ignore

function isWhoisNoMatch(text: string): boolean {
  return !text.trim() || NO_MATCH.test(text);
}

/** Registration data from a WHOIS answer, or null when the registry says there is no such name. */
export function parseWhoisDomain(text: string): RegistrationInfo | null {
  if (isWhoisNoMatch(text)) return null;
  const entries = whoisEntries(text);
  const registrant = first(entries, LABELS.registrant);
  return {
    registrar: registrarName(entries),
    registrar_abuse_email: first(entries, LABELS.abuseEmail),
    registrar_abuse_phone: first(entries, LABELS.abusePhone),
    registration_created: date(entries, LABELS.created),
    registration_updated: date(entries, LABELS.updated),
    registration_expires: date(entries, LABELS.expires),
    registration_status: statuses(entries),
    privacy_protected: registrant === null ? true : isPrivacyText(registrant),
    name_servers: nameServers(entries),
  };
}

// ARIN: OrgAbuseEmail; RIPE: a comment "% Abuse contact for '...' is 'x@y'" (and the role's
// abuse-mailbox); APNIC: the IRT's abuse-mailbox; LACNIC: the e-mail of the abuse-c handle.
function networkAbuseEmail(text: string, entries: WhoisEntry[]): string | null {
  const direct = first(entries, ["orgabuseemail", "abuse-mailbox"]);
  if (direct) return direct;
  const comment = /^%\s*Abuse contact for .* is '([^']+@[^']+)'/im.exec(text)?.[1];
  if (comment) return comment;
  const abuseC = first(entries, ["abuse-c"]);
  const holder = abuseC ? entries.find((e) => e.key === "nic-hdl" && e.value === abuseC) : undefined;
  const mail = holder && entries.find((e) => e.block === holder.block && e.key === "e-mail");
  return mail?.value ?? first(entries, ["orgtechemail"]);
}

export function parseWhoisIp(text: string): NetworkInfo | null {
  if (isWhoisNoMatch(text)) return null;
  const entries = whoisEntries(text);
  const f = (...labels: string[]) => first(entries, labels);
  const origin = f("originas", "origin");
  const asn = origin ? Number(/(\d+)/.exec(origin)?.[1]) : NaN;
  return {
    asn: Number.isFinite(asn) ? asn : null,
    asn_org: null,
    network_name: f("netname"),
    owner: f("orgname", "org-name", "owner", "descr"),
    ip_country: f("country"),
    hosting_abuse_email: networkAbuseEmail(text, entries),
    hosting_abuse_phone: f("orgabusephone"),
    cidr: f("cidr", "inetnum", "inet6num"),
  };
}
