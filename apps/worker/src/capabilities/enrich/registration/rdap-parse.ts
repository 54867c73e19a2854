import { rangeToCidr } from "./ip-ranges.ts";
import { parseWhoisDate } from "./whois-dates.ts";

// RDAP (RFC 9083) responses to the fields a finding carries (pure; no I/O). Tested on real
// answers in apps/worker/samples/rdap/.

type Json = Record<string, unknown>;

export interface RegistrationInfo {
  registrar: string | null;
  registrar_abuse_email: string | null;
  registrar_abuse_phone: string | null;
  registration_created: string | null;
  registration_updated: string | null;
  registration_expires: string | null;
  registration_status: string[] | null;
  privacy_protected: boolean | null;
  name_servers: string[];
}

export interface NetworkInfo {
  asn: number | null;
  asn_org: string | null;
  network_name: string | null;
  owner: string | null;
  ip_country: string | null;
  hosting_abuse_email: string | null;
  hosting_abuse_phone: string | null;
  cidr: string | null;
}

const PRIVACY =
  /redacted|privacy|private|proxy|withheld|whoisguard|domains by proxy|perfect privacy|contact privacy|data protected|not disclosed|gdpr|identity protect/i;

export function isPrivacyText(text: string | null | undefined): boolean {
  return !!text && PRIVACY.test(text);
}

type VcardProp = [string, Record<string, unknown>, string, unknown];

function vcardProps(entity: Json): VcardProp[] {
  const v = entity.vcardArray as [string, VcardProp[]] | undefined;
  return Array.isArray(v?.[1]) ? v[1].filter((p) => Array.isArray(p)) : [];
}

// A jCard value is text, or (for structured properties such as `org`) an array of components:
// the first non-empty one names it.
function vcardValue(p: VcardProp): string {
  const v = Array.isArray(p[3]) ? (p[3] as unknown[]).find((x) => typeof x === "string" && x.trim()) : p[3];
  return typeof v === "string" ? v.trim() : "";
}

function vcard(entity: Json, name: string): string | null {
  for (const p of vcardProps(entity)) if (p[0] === name && vcardValue(p)) return vcardValue(p);
  return null;
}

function entities(obj: Json): Json[] {
  return Array.isArray(obj.entities)
    ? (obj.entities as Json[]).filter((e) => e && typeof e === "object")
    : [];
}

const hasRole = (e: Json, role: string) => Array.isArray(e.roles) && (e.roles as unknown[]).includes(role);

function withRole(obj: Json, role: string): Json | undefined {
  return entities(obj).find((e) => hasRole(e, role));
}

/** RFC 3339 event dates; one without zone is taken as UTC, never the machine's local time. */
function event(obj: Json, action: string): string | null {
  const events = Array.isArray(obj.events) ? (obj.events as Json[]) : [];
  const d = events.find((e) => e?.eventAction === action)?.eventDate;
  return typeof d === "string" ? parseWhoisDate(d) : null;
}

function email(entity: Json | undefined): string | null {
  const e = entity ? vcard(entity, "email") : null;
  return e ? e.replace(/^mailto:/i, "") : null;
}

// The voice number before a fax; `tel` is a "tel:" URI or text (RFC 7095).
function phone(entity: Json | undefined): string | null {
  if (!entity) return null;
  const tels = vcardProps(entity).filter((p) => p[0] === "tel" && vcardValue(p));
  const isFax = (p: VcardProp) => JSON.stringify(p[1]?.type ?? "").includes("fax");
  const tel = tels.find((p) => !isFax(p)) ?? tels[0];
  return tel ? vcardValue(tel).replace(/^tel:/i, "") : null;
}

/** RDAP status ("client transfer prohibited") back to EPP form ("clientTransferProhibited"). */
export function eppStatus(s: string): string {
  return s.trim().replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase());
}

// The registrar's name: vCard `fn`, else `org` (RFC 9083 5.1 allows either to carry it), else
// the IANA Registrar ID or the handle, which is all some registries publish (CZ.NIC).
function registrarName(registrar: Json): string | null {
  const ids = Array.isArray(registrar.publicIds) ? (registrar.publicIds as Json[]) : [];
  const iana = ids.find((i) => /iana/i.test(String(i?.type)))?.identifier;
  const handle = typeof registrar.handle === "string" ? registrar.handle.trim() : "";
  const ianaId = iana === undefined ? null : `IANA Registrar ID ${String(iana)}`;
  return (
    vcard(registrar, "fn") ??
    vcard(registrar, "org") ??
    // A numeric handle is the IANA ID again: say what it is.
    (handle && !/^\d+$/.test(handle) ? handle : (ianaId ?? (handle || null)))
  );
}

export function parseRdapDomain(json: Json): RegistrationInfo {
  const registrar = withRole(json, "registrar");
  // The gTLD response profile (2.4.5) nests the abuse contact in the registrar entity; several
  // ccTLD servers put it beside the registrar at the top level.
  const abuse = (registrar && withRole(registrar, "abuse")) ?? withRole(json, "abuse");
  const registrant = withRole(json, "registrant");
  const regText = registrant
    ? [vcard(registrant, "fn"), vcard(registrant, "org"), JSON.stringify(registrant.remarks ?? "")].join(" ")
    : null;
  const status = Array.isArray(json.status)
    ? (json.status as unknown[]).map((x) => eppStatus(String(x)))
    : null;
  const ns = Array.isArray(json.nameservers) ? (json.nameservers as Json[]) : [];
  return {
    registrar: registrar ? registrarName(registrar) : null,
    registrar_abuse_email: email(abuse),
    registrar_abuse_phone: phone(abuse),
    registration_created: event(json, "registration"),
    registration_updated: event(json, "last changed"),
    registration_expires: event(json, "expiration"),
    registration_status: status,
    // No registrant at all (thin registries, GDPR) is itself redaction.
    privacy_protected: registrant ? isPrivacyText(regText) : true,
    name_servers: ns
      .map((n) =>
        String(n?.ldhName ?? n?.unicodeName ?? "")
          .toLowerCase()
          .replace(/\.$/, ""),
      )
      .filter(Boolean),
  };
}

// The network's abuse contact: its own (top level), else one nested in an entity (RIPE and ARIN
// nest the organisation's abuse role inside the registrant).
function networkAbuse(json: Json): Json | undefined {
  return (
    withRole(json, "abuse") ??
    entities(json)
      .map((e) => withRole(e, "abuse"))
      .find(Boolean)
  );
}

function networkCidr(json: Json): string | null {
  const cidr = Array.isArray(json.cidr0_cidrs) ? (json.cidr0_cidrs as Json[])[0] : undefined;
  if (cidr) return `${String(cidr.v4prefix ?? cidr.v6prefix)}/${String(cidr.length)}`;
  const start = typeof json.startAddress === "string" ? json.startAddress : null;
  const end = typeof json.endAddress === "string" ? json.endAddress : null;
  return start && end ? rangeToCidr(start, end) : null;
}

export function parseRdapIp(json: Json): NetworkInfo {
  const registrant = withRole(json, "registrant");
  const abuse = networkAbuse(json);
  const origin = json.arin_originas0_originautnums;
  const remarkAs = JSON.stringify(json.remarks ?? "").match(/AS(\d+)\s+([^"\]]+)/);
  return {
    asn:
      Array.isArray(origin) && typeof origin[0] === "number"
        ? origin[0]
        : remarkAs
          ? Number(remarkAs[1])
          : null,
    asn_org: remarkAs?.[2]?.trim() ?? null,
    network_name: typeof json.name === "string" ? json.name : null,
    owner: registrant ? (vcard(registrant, "fn") ?? vcard(registrant, "org")) : null,
    ip_country: typeof json.country === "string" ? json.country : null,
    hosting_abuse_email: email(abuse),
    hosting_abuse_phone: phone(abuse),
    cidr: networkCidr(json),
  };
}
