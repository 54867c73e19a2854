import type { DomainEntry } from "../scenario/schema.ts";
import { hashString } from "../scenario/prng.ts";

// Port-43 domain answers in the layout of the registry that runs each TLD. Every layout copies a
// real answer kept in apps/worker/samples/whois/ (named per format below); values come from the
// scenario, and what the registry does not publish (DENIC: no registrar, no dates) is left out,
// as it is in real life.

type Format = (d: DomainEntry, now: Date) => string[];

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const iso = (t: string) => new Date(t).toISOString().replace(/\.\d+Z$/, "Z");
const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (t: string, sep = "-") => {
  const d = new Date(t);
  return [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())].join(sep);
};
const hms = (t: string) => new Date(t).toISOString().slice(11, 19);
const dayMonYear = (t: string) => {
  const d = new Date(t);
  return `${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
};
const dmy = (t: string) => ymd(t).split("-").reverse().join(".");
const registrant = (d: DomainEntry) =>
  d.registration.privacy ? "REDACTED FOR PRIVACY" : (d.registration.registrant_org ?? "");
const tag = (d: DomainEntry) =>
  d.registration.registrar
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 12)
    .toUpperCase();
const handle = (d: DomainEntry, suffix: string) => `${hashString(d.domain).toString(36).toUpperCase().slice(0, 6)}-${suffix}`; // prettier-ignore

// Verisign (.com, .net) as the `whois` program shows it: the registry's thin record
// (likexian/com_google.com.txt) followed by the registrar's registrant block.
const verisign: Format = (d, now) => {
  const r = d.registration;
  const tld = d.domain.split(".").pop()!.toUpperCase();
  const host = (r.registrar_url || "").replace(/^https?:\/\/(www\.)?/, "").replace(/\/.*$/, "");
  const lines = [
    `Domain Name: ${d.domain.toUpperCase()}`,
    `Registry Domain ID: ${hashString(d.domain)}_DOMAIN_${tld}-VRSN`,
    `Registrar WHOIS Server: ${host ? `whois.${host}` : ""}`,
    `Registrar URL: ${r.registrar_url}`,
    `Updated Date: ${iso(r.updated)}`,
    `Creation Date: ${iso(r.created)}`,
    `Registry Expiry Date: ${iso(r.expires)}`,
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
  ];
  return [...lines.map((l) => `   ${l}`), `>>> Last update of whois database: ${iso(now.toISOString())} <<<`];
};

// The ICANN RDDS layout of the new gTLD registries and the ccTLDs run on their platforms
// (CentralNic: richardpenman/abc.xyz.txt; Identity Digital: richardpenman/nic.live.txt).
const icann: Format = (d, now) => {
  const r = d.registration;
  const ts = (t: string) => new Date(t).toISOString().replace(/\.\d+Z$/, ".0Z");
  return [
    `Domain Name: ${d.domain.toUpperCase()}`,
    `Registry Domain ID: D${hashString(d.domain)}-CNIC`,
    `Registrar WHOIS Server: `,
    `Registrar URL: ${r.registrar_url}`,
    `Updated Date: ${ts(r.updated)}`,
    `Creation Date: ${ts(r.created)}`,
    `Registry Expiry Date: ${ts(r.expires)}`,
    `Registrar: ${r.registrar}`,
    `Registrar IANA ID: ${r.registrar_iana_id}`,
    ...r.status.map((s) => `Domain Status: ${s} https://icann.org/epp#${s}`),
    `Registrant Organization: ${registrant(d)}`,
    `Registrant State/Province: `,
    `Registrant Country: ${r.registrant_country ?? ""}`,
    `Registrant Email: Please query the RDDS service of the Registrar of Record identified in this output for information on how to contact the Registrant, Admin, or Tech contact of the queried domain name.`, // prettier-ignore
    ...d.dns.ns.map((ns) => `Name Server: ${ns.toUpperCase()}`),
    "DNSSEC: unsigned",
    `Registrar Abuse Contact Email: ${r.abuse_email}`,
    `Registrar Abuse Contact Phone: ${r.abuse_phone}`,
    "URL of the ICANN Whois Inaccuracy Complaint Form: https://www.icann.org/wicf/",
    `>>> Last update of WHOIS database: ${ts(now.toISOString())} <<<`,
  ];
};

// Nominet (.uk): values on the lines under indented headers (likexian/uk_google.uk.txt).
const nominet: Format = (d, now) => {
  const r = d.registration;
  return [
    "",
    "    Domain name:",
    `        ${d.domain}`,
    "",
    "    Registrar:",
    `        ${r.registrar} [Tag = ${tag(d)}]`,
    ...(r.registrar_url ? [`        URL: ${r.registrar_url}`] : []),
    "",
    "    Relevant dates:",
    `        Registered on: ${dayMonYear(r.created)}`,
    `        Expiry date:  ${dayMonYear(r.expires)}`,
    `        Last updated:  ${dayMonYear(r.updated)}`,
    "",
    "    Registration status:",
    "        Registered until expiry date.",
    "",
    "    Name servers:",
    ...d.dns.ns.map((ns) => `        ${ns}`),
    "",
    `    WHOIS lookup made at ${hms(now.toISOString())} ${dayMonYear(now.toISOString())}`,
    "",
    "-- ",
    "This WHOIS information is provided for free by Nominet UK the central registry",
    "for .uk domain names.",
  ];
};

// DENIC (.de): name servers, status and last change only (likexian/de_google.de.txt).
const denic: Format = (d) => [
  "% Restricted rights.",
  "%",
  "% Terms and Conditions of Use",
  "",
  `Domain: ${d.domain}`,
  ...d.dns.ns.map((ns) => `Nserver: ${ns}`),
  "Status: connect",
  `Changed: ${new Date(d.registration.updated).toISOString().replace(/\.\d+Z$/, "+00:00")}`,
];

// EURid (.eu): registrar name under its header, no dates (likexian/eu_google.eu.txt).
const eurid: Format = (d) => [
  `Domain: ${d.domain}`,
  "Script: LATIN",
  "",
  "Registrant:",
  "        NOT DISCLOSED!",
  "        Visit www.eurid.eu for webbased WHOIS.",
  "",
  "Registrar:",
  `        Name: ${d.registration.registrar}`,
  `        Website: ${d.registration.registrar_url}`,
  "",
  "Name servers:",
  ...d.dns.ns.map((ns) => `        ${ns}`),
  "",
  "Please visit www.eurid.eu for more info.",
];

// Registro.br (.br): YYYYMMDD dates, no registrar (richardpenman/google.com.br.txt).
const registroBr: Format = (d) => [
  `domain:      ${d.domain}`,
  `owner:       ${registrant(d)}`,
  `country:     ${d.registration.registrant_country ?? "BR"}`,
  ...d.dns.ns.flatMap((ns) => [`nserver:     ${ns}`, `nsstat:      ${ymd(d.registration.updated, "")} AA`]),
  `created:     ${ymd(d.registration.created, "")} #${hashString(d.domain) % 1_000_000}`,
  `changed:     ${ymd(d.registration.updated, "")}`,
  `expires:     ${ymd(d.registration.expires, "")}`,
  "status:      published",
];

// AFNIC (.fr and the overseas TLDs): RIPE-style blocks (likexian/fr_google.fr.txt).
const afnic: Format = (d) => [
  `domain:      ${d.domain}`,
  "status:      ACTIVE",
  "hold:        NO",
  `holder-c:    ${handle(d, "FRNIC")}`,
  `registrar:   ${d.registration.registrar}`,
  `Expiry Date: ${iso(d.registration.expires)}`,
  `created:     ${iso(d.registration.created)}`,
  `last-update: ${iso(d.registration.updated)}`,
  "source:      FRNIC",
  "",
  ...d.dns.ns.map((ns) => `nserver:     ${ns}`),
  "source:      FRNIC",
  "",
  `registrar:   ${d.registration.registrar}`,
  `e-mail:      ${d.registration.abuse_email}`,
  "source:      FRNIC",
];

// SIDN (.nl): registrar and name servers under headers, no dates (likexian/nl_google.nl.txt).
const sidn: Format = (d) => [
  `Domain name: ${d.domain}`,
  "Status:      active",
  "",
  "Registrar:",
  `   ${d.registration.registrar}`,
  "",
  "Abuse Contact:",
  `   ${d.registration.abuse_phone}`,
  `   ${d.registration.abuse_email}`,
  "",
  "DNSSEC:      no",
  "",
  "Domain nameservers:",
  ...d.dns.ns.map((ns) => `   ${ns}`),
  "",
  "Record maintained by: NL Domain Registry",
];

// JPRS (.jp): [bracketed] labels, YYYY/MM/DD dates, no registrar (likexian/jp_google.jp.txt).
const jprs: Format = (d) => [
  "[ JPRS database provides information on network administration. Its use is    ]",
  "[ restricted to network administration purposes.                              ]",
  "",
  "Domain Information:",
  `[Domain Name]                   ${d.domain.toUpperCase()}`,
  "",
  `[Registrant]                    ${registrant(d)}`,
  "",
  ...d.dns.ns.map((ns) => `[Name Server]                   ${ns}`),
  "[Signing Key]                   ",
  "",
  `[Created on]                    ${ymd(d.registration.created, "/")}`,
  `[Expires on]                    ${ymd(d.registration.expires, "/")}`,
  "[Status]                        Active",
  `[Last Updated]                  ${ymd(d.registration.updated, "/")} ${hms(d.registration.updated)} (JST)`,
];

// Ru-Center / TCI (.ru, .su, .рф): registrar handle, paid-till (likexian/ru_google.ru.txt).
const tci: Format = (d, now) => [
  `domain:        ${d.domain.toUpperCase()}`,
  ...d.dns.ns.map((ns) => `nserver:       ${ns}.`),
  "state:         REGISTERED, DELEGATED, UNVERIFIED",
  `org:           ${registrant(d)}`,
  "registrar:     RU-CENTER-RU",
  "admin-contact: https://www.nic.ru/whois",
  `created:       ${iso(d.registration.created)}`,
  `paid-till:     ${iso(d.registration.expires)}`,
  `free-date:     ${ymd(new Date(Date.parse(d.registration.expires) + 32 * 86_400_000).toISOString())}`,
  "source:        TCI",
  "",
  `Last updated on ${iso(now.toISOString())}`,
];

// CZ.NIC's FRED (.cz, and .cr which runs it): day-first dates, registrar handle
// (richardpenman/google.co.cr.txt).
const fred: Format = (d) => [
  `domain:       ${d.domain}`,
  `registrant:   ${handle(d, "CZ")}`,
  `nsset:        NSS:${handle(d, "NS")}`,
  `registrar:    REG-${tag(d)}`,
  `registered:   ${dmy(d.registration.created)} ${hms(d.registration.created)}`,
  `changed:      ${dmy(d.registration.updated)} ${hms(d.registration.updated)}`,
  `expire:       ${dmy(d.registration.expires)}`,
  "",
  `contact:      ${handle(d, "CZ")}`,
  `org:          ${registrant(d)}`,
  "",
  `nsset:        NSS:${handle(d, "NS")}`,
  ...d.dns.ns.map((ns) => `nserver:      ${ns}`),
  `registrar:    REG-${tag(d)}`,
];

// CNNIC (.cn): "Registration Time" / "Expiration Time" (likexian/cn_google.cn.txt).
const cnnic: Format = (d) => [
  `Domain Name: ${d.domain}`,
  `ROID: ${ymd(d.registration.created, "")}s10001s${hashString(d.domain)}-cn`,
  ...d.registration.status.map((s) => `Domain Status: ${s}`),
  `Registrant: ${registrant(d)}`,
  `Sponsoring Registrar: ${d.registration.registrar}`,
  ...d.dns.ns.map((ns) => `Name Server: ${ns}`),
  `Registration Time: ${ymd(d.registration.created)} ${hms(d.registration.created)}`,
  `Expiration Time: ${ymd(d.registration.expires)} ${hms(d.registration.expires)}`,
  "DNSSEC: unsigned",
];

// TWNIC (.tw): dates in sentences, statuses comma-separated (likexian/tw_google.tw.txt).
const twnic: Format = (d) => [
  `Domain Name: ${d.domain}`,
  `   Domain Status: ${d.registration.status.join(",")}`,
  "   Registrant:",
  `      ${registrant(d)}`,
  "",
  `   Record expires on ${ymd(d.registration.expires)} (YYYY-MM-DD)`,
  `   Record created on ${ymd(d.registration.created)} (YYYY-MM-DD)`,
  "",
  "   Domain servers in listed order:",
  ...d.dns.ns.map((ns) => `      ${ns}`),
  "",
  `Registration Service Provider: ${d.registration.registrar}`,
  `Registration Service URL: ${d.registration.registrar_url}`,
];

const BY_SUFFIX: Record<string, Format> = {
  com: verisign, net: verisign, cc: verisign, tv: verisign, name: verisign, jobs: verisign,
  uk: nominet, de: denic, eu: eurid, br: registroBr, nl: sidn, jp: jprs, cz: fred, cn: cnnic, tw: twnic,
  fr: afnic, re: afnic, pm: afnic, tf: afnic, wf: afnic, yt: afnic,
  ru: tci, su: tci, "xn--p1ai": tci,
}; // prettier-ignore

/** The registry layout the domain's TLD answers in (the ICANN layout where none is listed). */
export function whoisFormatFor(domain: string): Format {
  return BY_SUFFIX[domain.toLowerCase().split(".").pop()!] ?? icann;
}

// How each registry says a name is not registered (apps/worker/samples/whois/likexian-notfound/).
const NOT_FOUND: Record<string, (name: string) => string[]> = {
  uk: (n) => [`    No match for "${n}".`, "    This domain name has not been registered."],
  de: (n) => [`Domain: ${n}`, "Status: free"],
  eu: (n) => [`Domain: ${n}`, "Script: LATIN", "Status: AVAILABLE"],
  nl: (n) => [`${n} is free`],
  fr: () => ["%%", "%% This is the AFNIC Whois server.", "%%", "%% No entries found in the AFNIC Database."],
  jp: () => ["No match!!"],
  br: (n) => [`% No match for ${n}`],
  ru: () => ["No entries found for the selected source(s)."],
  su: () => ["No entries found for the selected source(s)."],
  cn: () => ["No matching record."],
  tw: () => ["No Found"],
};

/** The registry's answer for a name it does not hold (Verisign's wording where none is listed). */
export function whoisNotFound(name: string, now: Date): string[] {
  const say = NOT_FOUND[name.toLowerCase().split(".").pop()!];
  return say
    ? say(name)
    : [
        `No match for "${name.toUpperCase()}".`,
        `>>> Last update of whois database: ${iso(now.toISOString())} <<<`,
      ];
}
